package jobs.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import jobs.runner.JobOutcome;

/** {@code job_runs}: the history of every round that ran, on any instance. */
@Repository
public class JobRunRepository {

	private final JdbcClient jdbc;

	JobRunRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	public long start(String job, String instanceId, Instant startedAt) {
		return jdbc.sql("""
				INSERT INTO job_runs (job, instance_id, started_at, outcome)
				VALUES (:job, :instance, :startedAt, :running) RETURNING id
				""")
			.param("running", JobOutcome.RUNNING.value())
			.param("job", job)
			.param("instance", instanceId)
			.param("startedAt", Timestamp.from(startedAt))
			.query(Long.class)
			.single();
	}

	/**
	 * Ends the {@code running} rounds of {@code job} whose instance is gone (stopped, or no heartbeat
	 * since {@code aliveSince}) as failed, at that instance's last heartbeat: they died with it and
	 * would otherwise read "running" for good. Returns how many.
	 */
	public int failRoundsOfGoneInstances(String job, Instant aliveSince) {
		return jdbc.sql("""
				UPDATE job_runs r
				SET finished_at = greatest(r.started_at, i.heartbeat_at),
				    duration_ms = (extract(epoch FROM greatest(r.started_at, i.heartbeat_at) - r.started_at) * 1000)::bigint,
				    outcome = :failed,
				    error = 'Its instance ' || r.instance_id || ' stopped before the round finished (last heartbeat '
				            || to_char(i.heartbeat_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ')'
				FROM job_instances i
				WHERE r.job = :job AND r.outcome = :running AND i.instance_id = r.instance_id
				  AND (i.stopped_at IS NOT NULL OR i.heartbeat_at < :aliveSince)
				""")
			.param("job", job)
			.param("failed", JobOutcome.FAILED.value())
			.param("running", JobOutcome.RUNNING.value())
			.param("aliveSince", Timestamp.from(aliveSince))
			.update();
	}

	public void finish(long id, Instant finishedAt, Duration duration, JobOutcome outcome, String error) {
		jdbc.sql("""
				UPDATE job_runs SET finished_at = :finishedAt, duration_ms = :durationMs, outcome = :outcome, error = :error
				WHERE id = :id
				""")
			.param("id", id)
			.param("finishedAt", Timestamp.from(finishedAt))
			.param("durationMs", duration.toMillis())
			.param("outcome", outcome.value())
			.param("error", error)
			.update();
	}

	/** The newest runs, of one job or (null) of all. */
	public List<JobRun> recent(String job, int limit) {
		return jdbc.sql("""
				SELECT id, job, instance_id, started_at, finished_at, duration_ms, outcome, error FROM job_runs
				WHERE (CAST(:job AS text) IS NULL OR job = :job)
				ORDER BY started_at DESC, id DESC LIMIT :limit
				""")
			.param("job", job)
			.param("limit", limit)
			.query(this::run)
			.list();
	}

	/** The newest finished run of each job. */
	public List<JobRun> lastFinishedPerJob() {
		return jdbc.sql("""
				SELECT DISTINCT ON (job) id, job, instance_id, started_at, finished_at, duration_ms, outcome, error
				FROM job_runs WHERE outcome <> 'running'
				ORDER BY job, started_at DESC, id DESC
				""")
			.query(this::run)
			.list();
	}

	public int deleteStartedBefore(Instant cutoff) {
		return jdbc.sql("DELETE FROM job_runs WHERE started_at < :cutoff").param("cutoff", Timestamp.from(cutoff)).update();
	}

	private JobRun run(ResultSet rs, int row) throws SQLException {
		Timestamp finished = rs.getTimestamp("finished_at");
		long durationMs = rs.getLong("duration_ms");
		Duration duration = rs.wasNull() ? null : Duration.ofMillis(durationMs);
		return new JobRun(rs.getLong("id"), rs.getString("job"), rs.getString("instance_id"),
				rs.getTimestamp("started_at").toInstant(), finished == null ? null : finished.toInstant(), duration,
				JobOutcome.of(rs.getString("outcome")), rs.getString("error"));
	}
}
