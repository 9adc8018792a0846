package outbox.catalog;

import java.util.UUID;

/**
 * Who may approve changed: a group gained or lost a member, a user was enabled, disabled or had
 * their roles changed, a definition's quorum changed, a delegation was set or removed
 * ({@code cause} says which). Published by {@code workflow} (for the directory, through its
 * {@code platform} SPI) in the transaction of the change; {@code workflow} then re-evaluates its
 * open stages (one nobody can decide any more shows blocked) and has its blocked stages check
 * again at once instead of at their next timer.
 */
@EventType(key = ApproversChanged.TYPE)
public record ApproversChanged(UUID changeId, String cause) implements CatalogEvent {

	public static final String TYPE = "workflow.approvers.changed";

	public ApproversChanged {
		Events.required(changeId, "changeId");
		Events.requiredText(cause, "cause");
	}

	@Override
	public UUID aggregateId() {
		return changeId;
	}

	@Override
	public String idempotencyKey() {
		return TYPE + ":" + changeId;
	}
}
