package access.handler;

import org.springframework.stereotype.Component;

import access.AccessRequests;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.AccessRevoked;

/**
 * {@link AccessRevoked} → every package the leaver holds is revoked: provisioning publishes it once
 * a leaver run's revocation took effect in the directories (the end of the last day), so the
 * packages go with the rest of the leaver's access, not before. A redelivery finds nothing
 * approved left to revoke.
 */
@Component
class LeaverAccessHandler implements OutboxEventHandler<AccessRevoked> {

	private final AccessRequests requests;

	LeaverAccessHandler(AccessRequests requests) {
		this.requests = requests;
	}

	@Override
	public Class<AccessRevoked> eventType() {
		return AccessRevoked.class;
	}

	@Override
	public void handle(AccessRevoked revoked, Delivery delivery) {
		requests.revokeAllOf(delivery.tenantId(), revoked.employeeId(), "leaver run " + revoked.runId() + " revoked access");
	}
}
