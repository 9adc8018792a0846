package outbox.store;

import java.util.UUID;

/**
 * A claimed dispatch-queue row. Its release is fenced by {@code token} and {@code generation};
 * {@code publishSeq} is the row's publish counter at claim; {@code rescue} means the previous
 * claim was never released, so expired event leases must be rescued first.
 */
public record TenantClaim(String tenantId, UUID token, long generation, long publishSeq, boolean rescue) {
}
