package outbox.catalog;

import java.util.List;
import java.util.UUID;

/**
 * Who may approve changed: a group gained or lost a member, a user was enabled, disabled or had
 * their roles changed, a definition's quorum changed, a delegation was set or removed
 * ({@code cause} says which). Published by {@code workflow} (for the directory, through its
 * {@code platform} SPI) in the transaction of the change; {@code workflow} then re-evaluates its
 * open stages (one nobody can decide any more shows blocked) and has its blocked stages check
 * again at once instead of at their next timer.
 * <p>
 * {@code users} and {@code groups} name whom the change concerns, when the change says (a user
 * disabled or enabled, a member added to or removed from a group): only the open stages assigned to
 * one of those users or to one of those groups are re-evaluated. Null (a definition or delegation
 * change, and every event stored before these fields existed): every open stage is.
 */
@EventType(key = ApproversChanged.TYPE)
public record ApproversChanged(UUID changeId, String cause, List<String> users, List<String> groups)
		implements CatalogEvent {

	public static final String TYPE = "workflow.approvers.changed";

	public ApproversChanged {
		Events.required(changeId, "changeId");
		Events.requiredText(cause, "cause");
		users = users == null ? null : List.copyOf(users);
		groups = groups == null ? null : List.copyOf(groups);
	}

	/** A change that does not say whom it concerns: every open stage is re-evaluated. */
	public ApproversChanged(UUID changeId, String cause) {
		this(changeId, cause, null, null);
	}

	/** Whether the change names whom it concerns (else it may concern every open stage). */
	public boolean scoped() {
		return users != null || groups != null;
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
