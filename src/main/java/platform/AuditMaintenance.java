package platform;

import java.time.Instant;
import java.util.List;

/**
 * The upkeep of the tenants' audit trails, for the jobs that run it: check each tenant's hash
 * chain ({@link #verify}), and remove the entries older than the tenant's retention
 * ({@link #purgeExpired}; a tenant keeps 7 years unless its admin set otherwise).
 */
public interface AuditMaintenance {

	/** Every tenant (a cross-tenant question the runtime role answers through an owner-run function). */
	List<String> tenants();

	AuditVerification verify(String tenantId);

	/** Removes the tenant's entries older than its retention at {@code now}, a chain prefix at a time; returns how many. */
	int purgeExpired(String tenantId, Instant now);
}
