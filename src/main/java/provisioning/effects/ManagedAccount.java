package provisioning.effects;

import java.time.Instant;
import java.util.UUID;

/**
 * An account the receipts know: the latest read-back of one employee's object on one target
 * ({@code dn}, the state {@code after} the write as JSON), the effect that read it back
 * ({@code effectId}, its run, grant, operation and status) and when it settled.
 */
public record ManagedAccount(UUID effectId, UUID runId, UUID employeeId, String employeeName, String target, String dn,
		String after, String grant, String operation, String status, Instant changedAt) {

	/** Where a page of accounts ends: the (target, DN, id) of its last row. */
	public record Position(String target, String dn, UUID id) {
	}

	public Position position() {
		return new Position(target, dn, effectId);
	}
}
