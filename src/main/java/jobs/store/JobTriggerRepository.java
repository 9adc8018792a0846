package jobs.store;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import jobs.runner.TriggerResult;

/** {@code job_triggers}: "Run now" requests travelling from any node to one worker. */
@Repository
public class JobTriggerRepository {

	public record Claimed(long id, String job) {
	}

	public record Trigger(long id, String job, String requestedBy, Instant requestedAt, String claimedBy,
			Instant claimedAt, TriggerResult result) {
	}

	private final JdbcClient jdbc;

	JobTriggerRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	public long request(String job, String requestedBy, Instant now) {
		return jdbc.sql("""
				INSERT INTO job_triggers (job, requested_by, requested_at) VALUES (:job, :by, :now) RETURNING id
				""")
			.param("job", job)
			.param("by", requestedBy)
			.param("now", Timestamp.from(now))
			.query(Long.class)
			.single();
	}

	/** Claims the oldest open trigger of one of {@code jobs}; SKIP LOCKED so two workers never take the same. */
	public Optional<Claimed> claimNext(String instanceId, Collection<String> jobs, Instant now) {
		if (jobs.isEmpty()) {
			return Optional.empty();
		}
		return jdbc.sql("""
				UPDATE job_triggers SET claimed_by = :instance, claimed_at = :now
				WHERE id = (SELECT id FROM job_triggers WHERE claimed_at IS NULL AND job IN (:jobs)
				            ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
				RETURNING id, job
				""")
			.param("instance", instanceId)
			.param("now", Timestamp.from(now))
			.param("jobs", List.copyOf(jobs))
			.query((rs, row) -> new Claimed(rs.getLong("id"), rs.getString("job")))
			.optional();
	}

	public void result(long id, TriggerResult result) {
		jdbc.sql("UPDATE job_triggers SET result = :result WHERE id = :id").param("id", id).param("result", result.value()).update();
	}

	public Optional<Trigger> find(long id) {
		return jdbc.sql("""
				SELECT id, job, requested_by, requested_at, claimed_by, claimed_at, result FROM job_triggers WHERE id = :id
				""")
			.param("id", id)
			.query((rs, row) -> {
				Timestamp claimed = rs.getTimestamp("claimed_at");
				return new Trigger(rs.getLong("id"), rs.getString("job"), rs.getString("requested_by"),
						rs.getTimestamp("requested_at").toInstant(), rs.getString("claimed_by"),
						claimed == null ? null : claimed.toInstant(), TriggerResult.of(rs.getString("result")));
			})
			.optional();
	}

	public int deleteRequestedBefore(Instant cutoff) {
		return jdbc.sql("DELETE FROM job_triggers WHERE requested_at < :cutoff").param("cutoff", Timestamp.from(cutoff)).update();
	}
}
