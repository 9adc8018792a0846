package outbox.store;

import java.util.Collection;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * {@code outbox_consumer_interests}: the event types a selective consumer wants per tenant, which
 * {@link OutboxEventRepository#insert} reads. Call inside the tenant's unit of work (RLS).
 */
@Repository
public class ConsumerInterestRepository {

	private final JdbcClient jdbc;

	ConsumerInterestRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** The current tenant's types of {@code consumer} become {@code eventTypes}. */
	public void replace(String consumer, Collection<String> eventTypes) {
		String[] types = eventTypes.stream().distinct().toArray(String[]::new);
		jdbc.sql("""
				DELETE FROM outbox_consumer_interests
				WHERE consumer = :consumer AND NOT (event_type = ANY (:types))""")
			.param("consumer", consumer)
			.param("types", new SqlArrayValue("text", (Object[]) types))
			.update();
		jdbc.sql("""
				INSERT INTO outbox_consumer_interests (tenant_id, consumer, event_type)
				SELECT current_setting('app.tenant_id'), :consumer, t FROM unnest(:types) AS t
				ON CONFLICT DO NOTHING""")
			.param("consumer", consumer)
			.param("types", new SqlArrayValue("text", (Object[]) types))
			.update();
	}
}
