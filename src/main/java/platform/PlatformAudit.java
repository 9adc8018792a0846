package platform;

import java.util.List;
import java.util.Map;

/**
 * The tenant's one audit trail ({@code platform_audit}): who did what, when, with the before/after
 * in {@code detail}. Call {@link #record} inside the tenant's unit of work, so the entry commits
 * with the change it records. The trail is append-only for the application and hash-chained per
 * tenant (V211); the admin reads, filters, exports and verifies it on the Audit page and under
 * {@code /v1/admin/audit}.
 */
public interface PlatformAudit {

	/**
	 * Adds an entry to the current tenant's trail.
	 *
	 * @param action a dotted lower-case name such as {@code user.created} or {@code definition.saved}
	 * @param detail what the entry is about; a {@code subject} key (a username, a run id, ...) is
	 *        what the trail's subject filter matches
	 */
	void record(String actor, String action, Map<String, ?> detail);

	/**
	 * Adds several entries of one actor and action, in the order given, as {@link #record} adds
	 * each (a batch writing many rows at once: an import's chunk).
	 */
	default void recordAll(String actor, String action, List<? extends Map<String, ?>> details) {
		details.forEach(detail -> record(actor, action, detail));
	}

	/** The tenant's newest entries whose action starts with {@code actionPrefix}, newest first (a module's own view). */
	List<AuditRecord> recent(String tenantId, String actionPrefix, int limit);
}
