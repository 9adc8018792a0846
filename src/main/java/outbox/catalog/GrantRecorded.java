package outbox.catalog;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * The projection recorded a stage's grant: {@code granted} when the stage was approved,
 * {@code compensated} when a reject or withdraw undid it. Published by {@code workflow} in the
 * transaction that records the grant; consumed by {@code provisioning}, which carries the grant out
 * in the directories. {@code definition} and {@code employee} say whom it is for, as the run knows
 * them, so that an adapter needs no call back; both are null in payloads stored before they were
 * carried (an additive change: version 1 reads them as absent). {@code until} is when a granted
 * grant ends by itself (an access package's expiry): provisioning schedules its undo for then when
 * it plans the grant; null for a grant that lasts until compensated (every workflow grant). The
 * {@code access} module publishes it too, the approved request's holding standing for run and stage:
 * a renewal grants the same grant again with a later {@code until}, another change of it.
 */
@EventType(key = GrantRecorded.TYPE, aggregatePath = "/runs/{id}")
public record GrantRecorded(UUID runId, UUID stageId, String grant, UUID employeeId, GrantState status,
		RunDefinition definition, Employee employee, Instant until) implements CatalogEvent {

	public static final String TYPE = "workflow.grant.recorded";

	public GrantRecorded {
		Events.required(runId, "runId");
		Events.required(stageId, "stageId");
		Events.requiredText(grant, "grant");
		Events.required(employeeId, "employeeId");
		Events.required(status, "status");
	}

	/** Without an end: the grant lasts until compensated, as a stage's does. */
	public GrantRecorded(UUID runId, UUID stageId, String grant, UUID employeeId, GrantState status,
			RunDefinition definition, Employee employee) {
		this(runId, stageId, grant, employeeId, status, definition, employee, null);
	}

	/** Without the run's kind and the employee, as events stored before they were carried read. */
	public GrantRecorded(UUID runId, UUID stageId, String grant, UUID employeeId, GrantState status) {
		this(runId, stageId, grant, employeeId, status, null, null, null);
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	@Override
	public String idempotencyKey() {
		// a stage gives each grant once and compensation undoes it once; a grant given again with
		// another end (an access package's renewal) is another change
		String key = "grant:" + stageId + ":" + grant + ":" + status.value();
		return until == null || status == GrantState.COMPENSATED ? key : key + ":" + until;
	}

	/**
	 * The employee as the run knows them when the grant changes: what a directory account is made
	 * from. {@code employeeNumber}, {@code title}, {@code startDate} (joiners) and {@code lastDay}
	 * (leavers) may be null; {@code fromDepartment} is a mover's previous department and
	 * {@code effectiveDate} the day its move takes effect (null before it was carried: at once).
	 */
	public record Employee(String displayName, String email, String employeeNumber, String department, String title,
			String manager, LocalDate startDate, LocalDate lastDay, String fromDepartment, LocalDate effectiveDate) {

		/** Without a mover's effective date, as payloads stored before it was carried read. */
		public Employee(String displayName, String email, String employeeNumber, String department, String title,
				String manager, LocalDate startDate, LocalDate lastDay, String fromDepartment) {
			this(displayName, email, employeeNumber, department, title, manager, startDate, lastDay, fromDepartment, null);
		}
	}
}
