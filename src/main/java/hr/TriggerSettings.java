package hr;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.stereotype.Service;

import hr.data.HrTriggerRepository;
import platform.DomainException;
import platform.ExpectedVersion;
import platform.PlatformAudit;
import platform.TenantTransactions;

/**
 * A tenant's HR triggers as its ADMIN reads and saves them (page and {@code /v1/admin/hr/triggers}):
 * versioned (a save names the version it is based on) and audited ({@code hr.triggers_saved}).
 */
@Service
public class TriggerSettings {

	private final TenantTransactions transactions;
	private final HrTriggerRepository repository;
	private final PlatformAudit audit;

	TriggerSettings(TenantTransactions transactions, HrTriggerRepository repository, PlatformAudit audit) {
		this.transactions = transactions;
		this.repository = repository;
		this.audit = audit;
	}

	public HrTriggers get(String tenantId) {
		return transactions.readInTenant(tenantId, repository::find);
	}

	/**
	 * Saves {@code triggers} (its {@code version} ignored) when the tenant's are still at
	 * {@code expected}; an offset beyond {@value HrTriggers#MAX_OFFSET_DAYS} days either way is a 400
	 * naming it, and nothing is written.
	 */
	public HrTriggers save(String tenantId, String actor, HrTriggers triggers, ExpectedVersion expected) {
		Map<String, Integer> offsets = new LinkedHashMap<>();
		offsets.put("joinerDaysBeforeStart", triggers.joinerDaysBeforeStart());
		offsets.put("leaverDaysBeforeLastDay", triggers.leaverDaysBeforeLastDay());
		offsets.put("postOffboardingDaysAfter", triggers.postOffboardingDaysAfter());
		offsets.forEach((field, days) -> {
			if (days != null && Math.abs(days) > HrTriggers.MAX_OFFSET_DAYS) {
				throw new DomainException.InvalidInput(field,
						"must be between -" + HrTriggers.MAX_OFFSET_DAYS + " and " + HrTriggers.MAX_OFFSET_DAYS + " days");
			}
		});
		return transactions.inTenant(tenantId, () -> {
			HrTriggers current = repository.find();
			expected.check(current.version(), "trigger settings");
			if (!repository.save(triggers, current.version(), actor)) {
				throw DomainException.Conflict.stale("Someone else changed the trigger settings; reload and try again.",
						"version", "is not the current version");
			}
			HrTriggers saved = repository.find();
			Map<String, Object> details = new LinkedHashMap<>();
			details.put("version", saved.version());
			details.put("moverOnChange", saved.moverOnChange());
			details.put("leaverOnLastDay", saved.leaverOnLastDay());
			details.put("joinerOnRehire", saved.joinerOnRehire());
			details.put("joinerDaysBeforeStart", String.valueOf(saved.joinerDaysBeforeStart()));
			details.put("leaverDaysBeforeLastDay", String.valueOf(saved.leaverDaysBeforeLastDay()));
			details.put("postOffboardingDaysAfter", String.valueOf(saved.postOffboardingDaysAfter()));
			audit.record(actor, "hr.triggers_saved", details);
			return saved;
		});
	}
}
