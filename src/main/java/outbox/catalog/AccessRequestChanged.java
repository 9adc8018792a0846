package outbox.catalog;

import java.time.Instant;
import java.util.UUID;

/**
 * An access request moved: submitted, approved (a step or the whole request), rejected, cancelled,
 * expired or revoked. {@code status} is the request's status after the move (submitted, approved,
 * rejected, cancelled, expired, revoked), {@code step} the approval step it concerns (1 or 2),
 * {@code actor} who moved it ({@code system} for the expiry job and a leaver's revocation),
 * {@code version} the request's version after the move, {@code until} when approved access ends
 * (null before approval). Published by {@code access} in the transaction of the move; consumed by
 * {@code notifications} (webhooks). The directory side goes through {@link GrantRecorded}.
 */
@EventType(key = AccessRequestChanged.TYPE, aggregatePath = "/access/requests/{id}")
public record AccessRequestChanged(UUID requestId, String packageKey, String packageName, String beneficiary,
		String requestedBy, String status, int step, String actor, int version, Instant until) implements CatalogEvent {

	public static final String TYPE = "access.request.changed";

	public AccessRequestChanged {
		Events.required(requestId, "requestId");
		Events.requiredText(packageKey, "packageKey");
		Events.requiredText(beneficiary, "beneficiary");
		Events.requiredText(status, "status");
		Events.requiredText(actor, "actor");
	}

	@Override
	public UUID aggregateId() {
		return requestId;
	}

	/** One event per version of the request: each move bumps it. */
	@Override
	public String idempotencyKey() {
		return TYPE + ":" + requestId + ":" + version;
	}
}
