package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import outbox.Delivery;
import outbox.catalog.RunStartRequested;
import outbox.ExternalEffect;
import outbox.OutboxEventHandler;
import outbox.catalog.CatalogEvent;
import outbox.codec.EventCatalog;
import outbox.codec.EventCodec;
import outbox.store.DispatchQueueRepository;
import outbox.store.OutboxEventRepository;
import outbox.testing.OutboxModuleTest;
import outbox.testing.TestEvents;
import outbox.testing.TestEvents.AttemptRow;
import platform.TenantTransactions;

/** A handler declared {@link ExternalEffect} runs without an open transaction; its completion is its own. */
@OutboxModuleTest
class ExternalEffectTests {

	@Autowired
	Dispatcher contextDispatcher;

	@Autowired
	OutboxProperties properties;

	@Autowired
	DispatchQueueRepository queue;

	@Autowired
	OutboxEventRepository events;

	@Autowired
	ListenConnections connections;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	DispatchMetrics metrics;

	@Autowired
	EventCatalog catalog;

	@Autowired
	EventCodec codec;

	@Autowired
	DataSource dataSource;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TestEvents testEvents;

	@Test
	void anExternalEffectHandlerHoldsNoTransactionWhileItRuns() {
		String tenant = TestEvents.newTenant("external");
		AtomicReference<Boolean> inTransaction = new AtomicReference<>();
		ExternalCall external = new ExternalCall(inTransaction);
		List<OutboxEventHandler<?>> handlers = catalog.types().stream()
			.<OutboxEventHandler<?>>map(type -> type == RunStartRequested.class ? external : new Ignore<>(type))
			.toList();
		HandlerRegistry registry = new HandlerRegistry(catalog, codec, handlers);
		DispatchRound round = new DispatchRound(queue, events, transactions, registry, metrics, properties,
				new RetryPolicy(properties.retryBaseDelay(), properties.retryMaxDelay(), () -> 0.5), dataSource, jdbc);
		Dispatcher dispatcher = new Dispatcher("external", properties.withWorkerId("external"), round, queue, connections, true);
		contextDispatcher.stop();
		try {
			dispatcher.start();
			testEvents.publish(tenant, RunStartRequested.TYPE, "start-run");
			await().atMost(Duration.ofSeconds(10)).until(() -> testEvents.status(tenant, "start-run").equals("delivered"));
		}
		finally {
			dispatcher.stop();
			contextDispatcher.start();
		}
		assertThat(inTransaction.get()).isFalse();
		assertThat(testEvents.history(tenant, "start-run")).extracting(AttemptRow::outcome).containsExactly("delivered");
	}

	/** Stands for a call to another system (Temporal, HTTP); keyed by the event's idempotency key there. */
	@ExternalEffect
	record ExternalCall(AtomicReference<Boolean> inTransaction) implements OutboxEventHandler<RunStartRequested> {

		@Override
		public Class<RunStartRequested> eventType() {
			return RunStartRequested.class;
		}

		@Override
		public void handle(RunStartRequested event, Delivery delivery) {
			inTransaction.set(TransactionSynchronizationManager.isActualTransactionActive());
		}
	}

	record Ignore<E extends CatalogEvent>(Class<E> eventType) implements OutboxEventHandler<E> {

		@Override
		public void handle(E event, Delivery delivery) {
		}
	}
}
