package jobs.store;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code job_leases}. Lease times are the database's {@code now()}, not an instance's clock: every
 * instance compares against the same clock, so clock skew between nodes cannot grant a lease twice.
 * A holder's heartbeat ({@code job_instances}) is its own clock's, compared with the caller's as the
 * jobs page does: skew shorter than the instance timeout cannot make a live holder look gone.
 */
@Repository
public class JobLeaseRepository {

	private final JdbcClient jdbc;

	JobLeaseRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * True when {@code holder} now holds the lease of {@code job} for {@code duration}: it was free,
	 * expired, already {@code holder}'s, or held by an instance that is gone (stopped, or no heartbeat
	 * since {@code aliveSince}), whose round died with it. A holder without a heartbeat row keeps its
	 * lease until it expires.
	 */
	public boolean tryAcquire(String job, String holder, Duration duration, Instant aliveSince) {
		return jdbc.sql("""
				INSERT INTO job_leases (job, holder, acquired_at, expires_at)
				VALUES (:job, :holder, now(), now() + make_interval(secs => :seconds))
				ON CONFLICT (job) DO UPDATE
				SET holder = EXCLUDED.holder, acquired_at = EXCLUDED.acquired_at, expires_at = EXCLUDED.expires_at
				WHERE job_leases.expires_at < now() OR job_leases.holder = EXCLUDED.holder
				   OR EXISTS (SELECT 1 FROM job_instances i
				              WHERE i.instance_id = job_leases.holder
				                AND (i.stopped_at IS NOT NULL OR i.heartbeat_at < :aliveSince))
				""")
			.param("job", job)
			.param("holder", holder)
			.param("seconds", (double) duration.toMillis() / 1000)
			.param("aliveSince", Timestamp.from(aliveSince))
			.update() == 1;
	}

	public void release(String job, String holder) {
		jdbc.sql("DELETE FROM job_leases WHERE job = :job AND holder = :holder")
			.param("job", job)
			.param("holder", holder)
			.update();
	}
}
