package platform.admin;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import platform.AppUser;
import platform.AuditMaintenance;
import platform.AuditVerification;
import platform.DomainException;
import platform.TenantTransactions;
import platform.security.PlatformAuditRepository;

/**
 * How long a tenant keeps its audit entries (its own setting, else {@code jmlhub.audit.retention},
 * 7 years), and the upkeep the audit jobs run: verification and the purge of expired entries, a
 * prefix of the chain at a time, each batch its own short unit of work.
 */
@Component
public class AuditRetention implements AuditMaintenance {

	static final int MIN_DAYS = 30;
	static final int MAX_DAYS = 100 * 366;
	static final int PURGE_BATCH = 1_000;

	private final PlatformAuditRepository repository;
	private final TenantTransactions transactions;
	private final AuditChainVerifier verifier;
	private final AuditTrail audit;
	private final Duration defaultRetention;

	AuditRetention(PlatformAuditRepository repository, TenantTransactions transactions, AuditChainVerifier verifier,
			AuditTrail audit, @Value("${jmlhub.audit.retention:2557d}") Duration defaultRetention) {
		this.repository = repository;
		this.transactions = transactions;
		this.verifier = verifier;
		this.audit = audit;
		this.defaultRetention = defaultRetention;
	}

	/** The tenant's retention in days and whether it is the default. */
	public record Retention(int keepDays, boolean tenantSetting) {
	}

	public Retention retention(String tenantId) {
		return transactions.readInTenant(tenantId, () -> repository.keepDays()
			.map(days -> new Retention(days, true))
			.orElseGet(() -> new Retention((int) defaultRetention.toDays(), false)));
	}

	/** Sets the tenant's retention (audited as {@code audit.retention_set}). */
	public Retention setRetention(AppUser admin, Integer keepDays) {
		if (keepDays == null || keepDays < MIN_DAYS || keepDays > MAX_DAYS) {
			throw new DomainException.InvalidInput("keepDays", "must be between " + MIN_DAYS + " and " + MAX_DAYS + " days");
		}
		Retention before = retention(admin.tenantId());
		transactions.runInTenant(admin.tenantId(), () -> {
			repository.setKeepDays(admin.tenantId(), keepDays, admin.getUsername());
			Map<String, Object> detail = new LinkedHashMap<>();
			detail.put("subject", "audit");
			detail.put("before", before.keepDays());
			detail.put("after", keepDays);
			audit.record(admin.getUsername(), "audit.retention_set", detail);
		});
		return new Retention(keepDays, true);
	}

	@Override
	public List<String> tenants() {
		return repository.tenants();
	}

	@Override
	public AuditVerification verify(String tenantId) {
		return verifier.verify(tenantId);
	}

	@Override
	public int purgeExpired(String tenantId, Instant now) {
		Instant before = now.minus(Duration.ofDays(retention(tenantId).keepDays()));
		int total = 0;
		int removed;
		do {
			removed = transactions.inTenant(tenantId, () -> repository.purge(before, PURGE_BATCH));
			total += removed;
		}
		while (removed == PURGE_BATCH && !Thread.currentThread().isInterrupted());
		return total;
	}
}
