package outbox.store;

import java.util.Optional;
import java.util.OptionalDouble;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code outbox_dispatch_queue}: one row per tenant that ever published (see V36 for the protocol).
 * The row is not a lock: publishers only make sure it exists, dispatchers read it to walk the
 * tenants with due events round-robin. Looking across tenants goes through SECURITY DEFINER
 * functions (autocommit, no tenant).
 */
@Repository
public class DispatchQueueRepository {

	private final JdbcClient jdbc;

	public DispatchQueueRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** The next tenant after {@code after} (tenant-id order, wrapping around) that has due events. */
	public Optional<String> nextDueTenant(String after) {
		return jdbc.sql("SELECT t FROM outbox_next_due_tenant(:after) t WHERE t IS NOT NULL")
			.param("after", after)
			.query(String.class)
			.optional();
	}

	/**
	 * Seconds until the next pending event of any tenant is due (zero or negative: due now); empty
	 * when nothing is pending.
	 */
	public OptionalDouble secondsUntilNextDue() {
		return jdbc.sql("SELECT outbox_seconds_until_due()").query(rs -> {
			rs.next();
			double seconds = rs.getDouble(1);
			return rs.wasNull() ? OptionalDouble.empty() : OptionalDouble.of(seconds);
		});
	}

	/** Makes sure the tenant is known and wakes the dispatchers, as a publish does (admin re-drives). Tenant unit of work. */
	public void enqueue(String tenantId) {
		jdbc.sql("SELECT outbox_enqueue_tenant(:tenant)::text").param("tenant", tenantId).query().singleValue();
	}
}
