package jobs.store;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** {@code job_instances}: each worker's heartbeat and runner snapshot. */
@Repository
public class JobInstanceRepository {

	private final JdbcClient jdbc;

	JobInstanceRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	public void heartbeat(String instanceId, String host, String roles, Instant startedAt, Instant now,
			String runnersJson) {
		jdbc.sql("""
				INSERT INTO job_instances (instance_id, host, roles, started_at, heartbeat_at, runners)
				VALUES (:instance, :host, :roles, :startedAt, :now, CAST(:runners AS jsonb))
				ON CONFLICT (instance_id) DO UPDATE
				SET heartbeat_at = EXCLUDED.heartbeat_at, runners = EXCLUDED.runners, stopped_at = NULL
				""")
			.param("instance", instanceId)
			.param("host", host)
			.param("roles", roles)
			.param("startedAt", Timestamp.from(startedAt))
			.param("now", Timestamp.from(now))
			.param("runners", runnersJson)
			.update();
	}

	public void stopped(String instanceId, Instant now, String runnersJson) {
		jdbc.sql("UPDATE job_instances SET stopped_at = :now, heartbeat_at = :now, runners = CAST(:runners AS jsonb) WHERE instance_id = :instance")
			.param("instance", instanceId)
			.param("now", Timestamp.from(now))
			.param("runners", runnersJson)
			.update();
	}

	/** Newest heartbeat first. */
	public List<JobInstance> all() {
		return jdbc.sql("""
				SELECT instance_id, host, roles, started_at, heartbeat_at, stopped_at, runners::text AS runners
				FROM job_instances ORDER BY heartbeat_at DESC, instance_id
				""")
			.query((rs, row) -> {
				Timestamp stopped = rs.getTimestamp("stopped_at");
				return new JobInstance(rs.getString("instance_id"), rs.getString("host"), rs.getString("roles"),
						rs.getTimestamp("started_at").toInstant(), rs.getTimestamp("heartbeat_at").toInstant(),
						stopped == null ? null : stopped.toInstant(), rs.getString("runners"));
			})
			.list();
	}

	/** Whether a live (recent heartbeat, not stopped) instance has a runner named {@code job}. */
	public boolean liveRunnerExists(String job, Instant aliveSince) {
		return jdbc.sql("""
				SELECT EXISTS (SELECT 1 FROM job_instances
				               WHERE stopped_at IS NULL AND heartbeat_at >= :since
				                 AND runners @> jsonb_build_array(jsonb_build_object('name', CAST(:job AS text))))
				""")
			.param("job", job)
			.param("since", Timestamp.from(aliveSince))
			.query(Boolean.class)
			.single();
	}

	public int deleteSilentSince(Instant cutoff) {
		return jdbc.sql("DELETE FROM job_instances WHERE heartbeat_at < :cutoff").param("cutoff", Timestamp.from(cutoff)).update();
	}
}
