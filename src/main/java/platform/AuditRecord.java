package platform;

import java.time.Instant;

/**
 * One entry of the tenant's audit trail as modules read it back ({@link PlatformAudit#recent});
 * {@code detail} is its JSON text.
 */
public record AuditRecord(long id, String actor, String action, String detail, Instant actedAt) {
}
