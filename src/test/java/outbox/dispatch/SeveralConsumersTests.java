package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.PermanentFailureException;
import outbox.PublishOptions;
import outbox.admin.DeadLetter;
import outbox.admin.DeadLetterFilter;
import outbox.admin.DeadLetterService;
import outbox.catalog.RunDefinition;
import outbox.catalog.RunFinished;
import outbox.catalog.RunOutcome;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.TestEvents;
import outbox.testing.TestHandlers;
import platform.TenantTransactions;

/**
 * An event type with two consumers (RunFinished in the test handlers): one row per consumer, each
 * delivered, retried, dead-lettered and re-driven on its own.
 */
@OutboxModuleTest
class SeveralConsumersTests {

	static final Duration DELIVERY = Duration.ofSeconds(15);
	static final String FIRST = "outbox";
	static final String SECOND = TestHandlers.SECOND_CONSUMER;

	@Autowired
	HandlerScript script;

	@Autowired
	TestEvents events;

	@Autowired
	HandlerRegistry registry;

	@Autowired
	DeadLetterService deadLetters;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void theRegistryKnowsBothConsumersOfTheType() {
		assertThat(registry.consumersOf(RunFinished.class)).containsExactly(FIRST, SECOND);
	}

	@Test
	void eachConsumerGetsTheEventOnceAndAReplayedPublishAddsNoRow() {
		String tenant = TestEvents.newTenant("fanout");
		RunFinished finished = finished();
		String key = finished.idempotencyKey();
		events.publish(tenant, finished, PublishOptions.DEFAULTS);
		events.publish(tenant, finished, PublishOptions.DEFAULTS);

		await().atMost(DELIVERY).until(() -> events.state(tenant, key, FIRST).status().equals("delivered")
				&& events.state(tenant, key, SECOND).status().equals("delivered"));
		assertThat(script.deliveries(tenant, key)).isEqualTo(1);
		assertThat(script.secondDeliveries(tenant, key)).isEqualTo(1);
		assertThat(script.received(tenant, key)).contains(finished);
		assertThat(events.state(tenant, key, FIRST).id()).isNotEqualTo(events.state(tenant, key, SECOND).id());
	}

	@Test
	void oneConsumersFailureIsRetriedDeadLetteredAndReDrivenWithoutRedeliveringToTheOther() {
		String tenant = TestEvents.newTenant("fanout-fail");
		// a tenant of its own (the re-drive's audit entry belongs to a tenant)
		transactions.runInTenant(tenant, () -> jdbc.sql("INSERT INTO tenants (id, name) VALUES (:id, 'Fan-out')")
			.param("id", tenant)
			.update());
		RunFinished finished = finished();
		String key = finished.idempotencyKey();
		script.whenSecond(tenant, key, delivery -> {
			if (delivery.attempt() == 1) {
				throw new IllegalStateException("transient");
			}
			throw new PermanentFailureException("the second consumer refuses");
		});
		events.publish(tenant, finished, PublishOptions.maxAttempts(3));

		await().atMost(DELIVERY).until(() -> events.state(tenant, key, SECOND).status().equals("failed"));
		await().atMost(DELIVERY).until(() -> events.state(tenant, key, FIRST).status().equals("delivered"));
		assertThat(events.state(tenant, key, SECOND).attempts()).isEqualTo(2);
		// delivered by its first attempt (a group that one member's failure rolled back is run again
		// without it, but its rolled-back call committed nothing and counts no attempt)
		assertThat(events.state(tenant, key, FIRST).attempts()).isEqualTo(1);
		int firstCalls = script.deliveries(tenant, key);

		// the dead letter names its consumer, and the filter by consumer finds it
		assertThat(deadLetters.list(tenant, new DeadLetterFilter(RunFinished.TYPE, null, SECOND), null, null).items())
			.extracting(DeadLetter::consumer)
			.containsExactly(SECOND);
		assertThat(deadLetters.count(tenant, new DeadLetterFilter(RunFinished.TYPE, null, FIRST))).isZero();

		script.whenSecond(tenant, key, delivery -> {
		});
		deadLetters.retry(tenant, "admin", events.state(tenant, key, SECOND).id());

		await().atMost(DELIVERY).until(() -> events.state(tenant, key, SECOND).status().equals("delivered"));
		assertThat(script.secondDeliveries(tenant, key)).isEqualTo(3);
		assertThat(script.deliveries(tenant, key)).isEqualTo(firstCalls);
		assertThat(events.state(tenant, key, FIRST).status()).isEqualTo("delivered");
		assertThat(events.state(tenant, key, FIRST).attempts()).isEqualTo(1);
	}

	private static RunFinished finished() {
		UUID runId = UUID.randomUUID();
		return new RunFinished(runId, UUID.randomUUID(), RunDefinition.JOINER, RunOutcome.COMPLETED, null, null,
				"Ana Lima", "hana", "manny");
	}
}
