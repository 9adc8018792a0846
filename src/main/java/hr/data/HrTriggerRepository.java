package hr.data;

import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import hr.HrTriggers;

/**
 * SQL of {@code hr_triggers} (a tenant's trigger settings) and {@code hr_fired_triggers} (the
 * time-based triggers that fired). Call inside a tenant unit of work, but for the cross-tenant scan.
 */
@Repository
public class HrTriggerRepository {

	private final JdbcClient jdbc;

	HrTriggerRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** The tenant's triggers; {@link HrTriggers#NONE} when its admin never saved any. */
	public HrTriggers find() {
		return jdbc.sql("""
				SELECT mover_on_change, leaver_on_last_day, joiner_on_rehire, joiner_days_before_start,
				       leaver_days_before_last_day, post_offboarding_days_after, version
				FROM hr_triggers WHERE tenant_id = current_setting('app.tenant_id')""")
			.query((rs, row) -> new HrTriggers(rs.getBoolean(1), rs.getBoolean(2), rs.getBoolean(3),
					rs.getObject(4, Integer.class), rs.getObject(5, Integer.class), rs.getObject(6, Integer.class),
					rs.getInt(7)))
			.optional()
			.orElse(HrTriggers.NONE);
	}

	/** Saves {@code triggers} one version on from {@code current}; false when another save came first. */
	public boolean save(HrTriggers triggers, int current, String actor) {
		return jdbc.sql("""
				INSERT INTO hr_triggers (tenant_id, mover_on_change, leaver_on_last_day, joiner_on_rehire,
				    joiner_days_before_start, leaver_days_before_last_day, post_offboarding_days_after, version,
				    updated_by, updated_at)
				VALUES (current_setting('app.tenant_id'), :mover, :leaver, :rehire, :joinerDays, :leaverDays, :postDays,
				    1, :actor, now())
				ON CONFLICT (tenant_id) DO UPDATE SET mover_on_change = :mover, leaver_on_last_day = :leaver,
				    joiner_on_rehire = :rehire, joiner_days_before_start = :joinerDays,
				    leaver_days_before_last_day = :leaverDays, post_offboarding_days_after = :postDays,
				    version = hr_triggers.version + 1, updated_by = :actor, updated_at = now()
				WHERE hr_triggers.version = :current""")
			.param("mover", triggers.moverOnChange())
			.param("leaver", triggers.leaverOnLastDay())
			.param("rehire", triggers.joinerOnRehire())
			.param("joinerDays", triggers.joinerDaysBeforeStart())
			.param("leaverDays", triggers.leaverDaysBeforeLastDay())
			.param("postDays", triggers.postOffboardingDaysAfter())
			.param("actor", actor)
			.param("current", current)
			.update() > 0;
	}

	/** The time-based triggers' one cross-tenant question: which active tenants have any on. */
	public List<String> tenantsWithTimeTriggers() {
		return jdbc.sql("SELECT t FROM hr_tenants_with_time_triggers() AS t ORDER BY t").query(String.class).list();
	}

	/**
	 * Records that {@code trigger} fired for the employee's {@code date}; false when it had already
	 * (the key makes each fire once, whatever runs the job).
	 */
	public boolean fire(UUID employeeId, String trigger, LocalDate date) {
		return jdbc.sql("""
				INSERT INTO hr_fired_triggers (tenant_id, employee_id, trigger, on_date)
				VALUES (current_setting('app.tenant_id'), :employeeId, :trigger, :date) ON CONFLICT DO NOTHING""")
			.param("employeeId", employeeId)
			.param("trigger", trigger)
			.param("date", date)
			.update() > 0;
	}

	/**
	 * Up to {@code limit} employees due for {@code trigger} by {@code today} that have not had it for
	 * their date: {@code dateColumn} minus {@code daysBefore} has come and the date itself has not
	 * passed by more than the offset window, in the statuses named.
	 */
	public List<Due> due(String trigger, String dateColumn, int daysBefore, List<String> statuses, LocalDate today,
			int limit) {
		if (!dateColumn.equals("start_date") && !dateColumn.equals("last_day")) {
			throw new IllegalArgumentException(dateColumn);
		}
		// due from (date - daysBefore) on; a date long past is not due any more (a trigger switched on late)
		return jdbc.sql("""
				SELECT e.id, e.%1$s FROM employees e
				WHERE e.status IN (:statuses) AND e.%1$s IS NOT NULL
				  AND e.%1$s - :daysBefore <= :today AND e.%1$s - :daysBefore > :today - 180
				  AND NOT EXISTS (SELECT 1 FROM hr_fired_triggers f WHERE f.employee_id = e.id
				                  AND f.trigger = :trigger AND f.on_date = e.%1$s)
				ORDER BY e.%1$s, e.id LIMIT :limit""".formatted(dateColumn))
			.param("statuses", statuses)
			.param("daysBefore", daysBefore)
			.param("today", today)
			.param("trigger", trigger)
			.param("limit", limit)
			.query((rs, row) -> new Due(rs.getObject(1, UUID.class), rs.getObject(2, LocalDate.class)))
			.list();
	}

	/** An employee due for a time-based trigger, with the date it is due for. */
	public record Due(UUID employeeId, LocalDate date) {
	}
}
