package hr;

import java.time.LocalDate;
import java.util.Map;
import java.util.UUID;

import org.springframework.stereotype.Component;

import hr.data.EmployeeRunRepository;
import hr.data.HrTriggerRepository;
import outbox.OutboxPublisher;
import outbox.PublishOptions;
import outbox.catalog.EmployeeRunRequested;
import outbox.catalog.FieldChange;
import outbox.catalog.RunDefinition;

/**
 * The tenant's HR triggers at work (docs/hr.md, "Triggers"): what a change of an employee and a
 * due date start. Runs inside the write's (or the job's) tenant unit of work, so the change and its
 * run request commit together. A trigger asks for its run once: the request's key names the
 * employee, the version (or date) and the trigger. While a run of the same definition is open it
 * asks for none: the change's {@code hr.employee.updated} brings that run's snapshot up to date.
 */
@Component
class EmployeeTriggers {

	static final String MOVER = "mover_on_change";
	static final String LEAVER = "leaver_on_last_day";
	static final String REHIRE = "joiner_on_rehire";
	static final String JOINER_BEFORE_START = "joiner_before_start";
	static final String LEAVER_BEFORE_LAST_DAY = "leaver_before_last_day";
	static final String POST_OFFBOARDING = "post_offboarding";

	private final HrTriggerRepository settings;
	private final EmployeeRunRepository runs;
	private final OutboxPublisher outbox;

	EmployeeTriggers(HrTriggerRepository settings, EmployeeRunRepository runs, OutboxPublisher outbox) {
		this.settings = settings;
		this.runs = runs;
		this.outbox = outbox;
	}

	/** The tenant's settings (read once per write). */
	HrTriggers current() {
		return settings.find();
	}

	/**
	 * Whether the change makes {@code next} an offboarding: a last day set on an employee who is not
	 * leaving, with the leaver trigger on (off: the last day is only announced). Not while the
	 * leaver run of a cancelled offboarding is still being withdrawn.
	 */
	boolean offboards(HrTriggers triggers, Employee current, Employee next) {
		return triggers.leaverOnLastDay() && current.lastDay() == null && next.lastDay() != null
				&& (next.status() == EmployeeStatus.ACTIVE || next.status() == EmployeeStatus.PENDING_START
						|| next.status() == EmployeeStatus.PRE_HIRE)
				&& runs.openOf(current.id(), RunDefinition.LEAVER).isEmpty();
	}

	/** Asks for the runs the change {@code diff} that made {@code after} calls for. */
	void changed(HrTriggers triggers, Employee after, Map<String, FieldChange> diff, String actor, LocalDate today) {
		FieldChange status = diff.get("status");
		boolean rehired = status != null && EmployeeStatus.LEFT.value().equals(status.from())
				&& EmployeeStatus.PRE_HIRE.value().equals(status.to());
		if (triggers.joinerOnRehire() && rehired) {
			request(after, RunDefinition.JOINER, REHIRE, version(after), after.startDate(), actor);
		}
		if (triggers.leaverOnLastDay() && diff.containsKey("lastDay") && after.lastDay() != null
				&& after.status() == EmployeeStatus.LEAVING) {
			request(after, RunDefinition.LEAVER, LEAVER, version(after), after.lastDay(), actor);
		}
		boolean moved = diff.containsKey("department") || diff.containsKey("manager") || diff.containsKey("title");
		if (triggers.moverOnChange() && moved
				&& (after.status() == EmployeeStatus.ACTIVE || after.status() == EmployeeStatus.PENDING_START)) {
			request(after, RunDefinition.MOVER, MOVER, version(after), today, actor);
		}
	}

	/**
	 * Asks for a run of {@code definition} for {@code employee} under the key of ({@code trigger},
	 * {@code occasion}), unless a run of that definition is open or the key was used before.
	 * Whether it asked.
	 */
	boolean request(Employee employee, RunDefinition definition, String trigger, String occasion,
			LocalDate effectiveDate, String actor) {
		if (runs.openOf(employee.id(), definition).isPresent()) {
			return false;
		}
		String key = EmployeeRunRequested.TYPE + ":" + employee.id() + ":" + occasion + ":" + trigger;
		if (!runs.open(key, employee.id(), definition)) {
			return false;
		}
		UUID requestId = UUID.nameUUIDFromBytes(key.getBytes(java.nio.charset.StandardCharsets.UTF_8));
		outbox.publish(new EmployeeRunRequested(requestId, employee.id(), employee.displayName(), employee.email(),
				employee.department(), employee.manager(), definition, effectiveDate, employee.title(), actor),
				PublishOptions.idempotencyKey(key));
		return true;
	}

	private static String version(Employee employee) {
		return "v" + employee.version();
	}
}
