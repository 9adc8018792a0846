package outbox.retention;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;

import jobs.Job;
import outbox.store.EventIds;
import outbox.store.OutboxEventRepository;
import outbox.testing.OutboxModuleTest;
import outbox.testing.OwnerDatabase;
import outbox.testing.TestEvents;

/** Retention removes old delivered and discarded events in batches and nothing else. */
@OutboxModuleTest
class OutboxRetentionJobTests {

	@Autowired
	Job outboxRetentionJob;

	@Autowired
	OutboxEventRepository events;

	@Autowired
	Environment environment;

	@Test
	void removesFinishedEventsPastRetentionInBatchesAndKeepsEverythingElse() throws Exception {
		String tenant = TestEvents.newTenant("retention");
		Instant eightDaysAgo = Instant.now().minus(8, ChronoUnit.DAYS);
		insert(tenant, "old-delivered", 2_500, "delivered", eightDaysAgo);
		insert(tenant, "old-discarded", 10, "discarded", eightDaysAgo);
		insert(tenant, "old-dead", 10, "failed", eightDaysAgo);
		insert(tenant, "old-pending", 10, "pending", eightDaysAgo);
		insert(tenant, "recent-delivered", 10, "delivered", Instant.now().minus(6, ChronoUnit.DAYS));
		OwnerDatabase.with(environment, owner -> owner.sql("""
				INSERT INTO outbox_attempts (tenant_id, event_id, redrive, attempt, outcome, error_class)
				SELECT tenant_id, id, 0, 1, 'retried', 'java.io.IOException' FROM outbox_events WHERE tenant_id = :tenant""")
			.param("tenant", tenant).update());

		assertThat(outboxRetentionJob.name()).isEqualTo("outbox_retention");
		outboxRetentionJob.run();

		assertThat(counts(tenant)).containsExactlyInAnyOrderEntriesOf(
				Map.of("old-dead", 10L, "old-pending", 10L, "recent-delivered", 10L));
		long attempts = OwnerDatabase.with(environment, owner -> owner.sql("""
				SELECT count(*) FROM outbox_attempts WHERE tenant_id = :tenant""").param("tenant", tenant)
			.query(Long.class).single());
		assertThat(attempts).isEqualTo(30);
	}

	@Test
	void oneStatementDeletesAtMostOneBatch() {
		String tenant = TestEvents.newTenant("retention-batch");
		Instant old = Instant.now().minus(30, ChronoUnit.DAYS);
		insert(tenant, "old-batch", 250, "delivered", old);
		Instant before = Instant.now().minus(7, ChronoUnit.DAYS);
		OutboxEventRepository.Purge first = events.purgeFinished(before, EventIds.MIN, EventIds.floor(before), 100);
		assertThat(first.deleted()).isEqualTo(100);
		assertThat(counts(tenant)).containsEntry("old-batch", 150L);
		// the next batch resumes after the last deleted id; a short batch ends the scan
		OutboxEventRepository.Purge second = events.purgeFinished(before, first.resumeAfter().orElseThrow(),
				EventIds.floor(before), 100);
		assertThat(second.deleted()).isEqualTo(100);
		assertThat(second.resumeAfter().orElseThrow()).isGreaterThan(first.resumeAfter().orElseThrow());
		OutboxEventRepository.Purge last = events.purgeFinished(before, second.resumeAfter().orElseThrow(),
				EventIds.floor(before), 100);
		assertThat(last.deleted()).isEqualTo(50);
		assertThat(last.resumeAfter()).isEmpty();
	}

	@AfterEach
	void removeTestRows() {
		OwnerDatabase.with(environment, owner -> owner.sql("DELETE FROM outbox_events WHERE tenant_id LIKE 'retention-%'").update());
	}

	/** Rows as the owner, with UUIDv7 ids and timestamps of {@code at}, as if published and finished then. */
	private void insert(String tenant, String kind, int count, String status, Instant at) {
		OwnerDatabase.with(environment, owner -> owner.sql("""
				WITH rows AS (
				    SELECT i, lpad(to_hex((extract(epoch FROM CAST(:at AS timestamptz)) * 1000)::bigint), 12, '0') AS ms,
				           gen_random_uuid()::text AS r
				    FROM generate_series(1, :count) i
				)
				INSERT INTO outbox_events (id, tenant_id, event_type, consumer, idempotency_key, payload, payload_version,
				                           max_attempts, status, created_at, available_at, delivered_at, failed_at, discarded_at)
				SELECT CAST(substr(ms, 1, 8) || '-' || substr(ms, 9, 4) || '-7' || substr(r, 16, 3) || substr(r, 19) AS uuid),
				       :tenant, 'hr.employee.created', 'outbox', :kind || '-' || i, '{}', 1, 5, :status,
				       CAST(:at AS timestamptz), CAST(:at AS timestamptz),
				       CASE WHEN :status = 'delivered' THEN CAST(:at AS timestamptz) END,
				       CASE WHEN :status = 'failed' THEN CAST(:at AS timestamptz) END,
				       CASE WHEN :status = 'discarded' THEN CAST(:at AS timestamptz) END
				FROM rows""")
			.param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
			.param("count", count)
			.param("tenant", tenant)
			.param("kind", kind)
			.param("status", status)
			.update());
	}

	private Map<String, Long> counts(String tenant) {
		Map<String, Long> counts = new HashMap<>();
		OwnerDatabase.with(environment, owner -> owner.sql("""
				SELECT split_part(idempotency_key, '-', 1) || '-' || split_part(idempotency_key, '-', 2), count(*)
				FROM outbox_events WHERE tenant_id = :tenant GROUP BY 1""")
			.param("tenant", tenant)
			.query((rs, row) -> counts.put(rs.getString(1), rs.getLong(2)))
			.list());
		return counts;
	}
}
