package platform;

import java.util.Map;

/**
 * The tenant's audit trail ({@code platform_audit}): who did what, when, with the before/after in
 * {@code detail}. Call inside the tenant's unit of work, so the entry commits with the change it
 * records; the admin reads the trail on the Audit page and {@code GET /v1/admin/audit}.
 *
 * @param action a dotted lower-case name such as {@code user.created} or {@code definition.saved}
 */
public interface PlatformAudit {

	void record(String actor, String action, Map<String, ?> detail);
}
