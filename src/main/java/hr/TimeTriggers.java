package hr;

import java.time.LocalDate;
import java.util.List;

import org.springframework.stereotype.Service;

import hr.data.EmployeeRepository;
import hr.data.HrTriggerRepository;
import hr.data.HrTriggerRepository.Due;
import outbox.catalog.RunDefinition;
import platform.TenantSuspensions;
import platform.TenantTransactions;

/**
 * The time-based HR triggers (the {@code hr_time_triggers} job's work): a joiner run N days before
 * a pre-hire's start date, a leaver run N days before a leaving employee's last day, a
 * post-offboarding (leaver definition) run N days after the last day of one whose access ended.
 * Each fires once per (employee, trigger, date) ({@code hr_fired_triggers}); one that finds a run
 * of its definition open fires without asking for another.
 */
@Service
public class TimeTriggers {

	static final String JOB_ACTOR = "hr_time_triggers";

	private final TenantTransactions transactions;
	private final HrTriggerRepository repository;
	private final EmployeeRepository employees;
	private final EmployeeTriggers triggers;
	private final TenantSuspensions suspensions;

	TimeTriggers(TenantTransactions transactions, HrTriggerRepository repository, EmployeeRepository employees,
			EmployeeTriggers triggers, TenantSuspensions suspensions) {
		this.transactions = transactions;
		this.repository = repository;
		this.employees = employees;
		this.triggers = triggers;
		this.suspensions = suspensions;
	}

	/** The active tenants with a time-based trigger on. */
	public List<String> tenants() {
		return suspensions.active(repository.tenantsWithTimeTriggers());
	}

	/**
	 * Fires the tenant's due time-based triggers for {@code today}, at most {@code limit} per trigger
	 * (the rest next round, so one busy tenant never holds the others up); how many fired.
	 */
	public int fireDue(String tenantId, LocalDate today, int limit) {
		return transactions.inTenant(tenantId, () -> {
			HrTriggers settings = repository.find();
			int fired = 0;
			if (settings.joinerDaysBeforeStart() != null) {
				fired += fire(EmployeeTriggers.JOINER_BEFORE_START, RunDefinition.JOINER, repository.due(
						EmployeeTriggers.JOINER_BEFORE_START, "start_date", settings.joinerDaysBeforeStart(),
						List.of(EmployeeStatus.PRE_HIRE.value()), today, limit));
			}
			if (settings.leaverDaysBeforeLastDay() != null) {
				fired += fire(EmployeeTriggers.LEAVER_BEFORE_LAST_DAY, RunDefinition.LEAVER, repository.due(
						EmployeeTriggers.LEAVER_BEFORE_LAST_DAY, "last_day", settings.leaverDaysBeforeLastDay(),
						List.of(EmployeeStatus.LEAVING.value()), today, limit));
			}
			if (settings.postOffboardingDaysAfter() != null) {
				fired += fire(EmployeeTriggers.POST_OFFBOARDING, RunDefinition.LEAVER, repository.due(
						EmployeeTriggers.POST_OFFBOARDING, "last_day", -settings.postOffboardingDaysAfter(),
						List.of(EmployeeStatus.ACCESS_ENDING.value(), EmployeeStatus.LEFT.value()), today, limit));
			}
			return fired;
		});
	}

	private int fire(String trigger, RunDefinition definition, List<Due> due) {
		int fired = 0;
		for (Due one : due) {
			if (!repository.fire(one.employeeId(), trigger, one.date())) {
				continue;
			}
			Employee employee = employees.find(one.employeeId()).orElseThrow();
			triggers.request(employee, definition, trigger, one.date().toString(), one.date(), JOB_ACTOR);
			fired++;
		}
		return fired;
	}
}
