package jobs.store;

import java.time.Duration;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code job_leases}. Lease times are the database's {@code now()}, not an instance's clock: every
 * instance compares against the same clock, so clock skew between nodes cannot grant a lease twice.
 */
@Repository
public class JobLeaseRepository {

	private final JdbcClient jdbc;

	JobLeaseRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** True when {@code holder} now holds the lease of {@code job} for {@code duration}. */
	public boolean tryAcquire(String job, String holder, Duration duration) {
		return jdbc.sql("""
				INSERT INTO job_leases (job, holder, acquired_at, expires_at)
				VALUES (:job, :holder, now(), now() + make_interval(secs => :seconds))
				ON CONFLICT (job) DO UPDATE
				SET holder = EXCLUDED.holder, acquired_at = EXCLUDED.acquired_at, expires_at = EXCLUDED.expires_at
				WHERE job_leases.expires_at < now() OR job_leases.holder = EXCLUDED.holder
				""")
			.param("job", job)
			.param("holder", holder)
			.param("seconds", (double) duration.toMillis() / 1000)
			.update() == 1;
	}

	public void release(String job, String holder) {
		jdbc.sql("DELETE FROM job_leases WHERE job = :job AND holder = :holder")
			.param("job", job)
			.param("holder", holder)
			.update();
	}
}
