package platform.admin;

import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Component;

import platform.PlatformAudit;
import platform.TenantTransactions;
import platform.security.PlatformAuditRepository;
import platform.security.PlatformAuditRepository.Entry;
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

	/** The newest entries of the tenant; {@code subject} (optional) keeps those about one user, group or definition. */
	public List<Entry> recent(String tenantId, String subject, Long beforeId) {
		return transactions.readInTenant(tenantId,
				() -> repository.recent(subject == null || subject.isBlank() ? null : subject.strip(), beforeId, PAGE_SIZE));
	}
}
