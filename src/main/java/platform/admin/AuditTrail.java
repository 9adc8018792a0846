package platform.admin;

import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Component;

import platform.AuditRecord;
import platform.PlatformAudit;
import platform.TenantTransactions;
import platform.security.PlatformAuditRepository;
import platform.security.PlatformAuditRepository.Entry;
import platform.security.PlatformAuditRepository.Filter;
import tools.jackson.databind.json.JsonMapper;

/** {@link PlatformAudit} on {@code platform_audit}, and the admin's view of the trail. */
@Component
public class AuditTrail implements PlatformAudit {

	public static final int PAGE_SIZE = 50;

	private final PlatformAuditRepository repository;
	private final TenantTransactions transactions;
	private final JsonMapper json;

	AuditTrail(PlatformAuditRepository repository, TenantTransactions transactions, JsonMapper json) {
		this.repository = repository;
		this.transactions = transactions;
		this.json = json;
	}

	@Override
	public void record(String actor, String action, Map<String, ?> detail) {
		repository.record(transactions.currentTenant(), actor, action, json.writeValueAsString(detail));
	}

	@Override
	public void recordAll(String actor, String action, List<? extends Map<String, ?>> details) {
		repository.recordAll(transactions.currentTenant(), actor, action,
				details.stream().map(json::writeValueAsString).toList());
	}

	@Override
	public List<AuditRecord> recent(String tenantId, String actionPrefix, int limit) {
		return transactions.readInTenant(tenantId, () -> repository.recentWithPrefix(actionPrefix, limit).stream()
			.map(e -> new AuditRecord(e.id(), e.actor(), e.action(), e.detail(), e.actedAt()))
			.toList());
	}

	/** The newest entries of the tenant matching {@code filter}, {@value #PAGE_SIZE} per page, before {@code beforeId}. */
	public List<Entry> recent(String tenantId, Filter filter, Long beforeId) {
		AuditFilters.check(filter);
		return transactions.readInTenant(tenantId, () -> repository.recent(filter, beforeId, PAGE_SIZE));
	}

	/** The newest entries of the tenant; {@code subject} (optional) keeps those about one user, group or definition. */
	public List<Entry> recent(String tenantId, String subject, Long beforeId) {
		return recent(tenantId, new Filter(null, null, null, null, subject), beforeId);
	}
}
