package outbox.dispatch;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import outbox.store.OutboxEventRepository;
import platform.OutageLog;
import platform.TenantTransactions;

/**
 * More dispatcher "instances" next to the test context's: each with its own worker id, wake
 * signal, LISTEN connection, heartbeat and handler pool, sharing the database (and, unless given
 * others, the context's connection pool and repositories).
 */
final class SecondDispatchers implements AutoCloseable {

	private final List<Dispatcher> started = new ArrayList<>();

	static OutboxProperties asWorker(OutboxProperties p, String workerId) {
		return asWorker(p, workerId, p.dispatchThreads());
	}

	static OutboxProperties asWorker(OutboxProperties p, String workerId, int threads) {
		return new OutboxProperties(threads, p.batchSize(), p.pollInterval(), p.attemptTimeout(),
				p.eventLease(), p.handBackAfter(), p.durableHandlerCommits(), p.retryBaseDelay(), p.retryMaxDelay(),
				p.shutdownTimeout(), p.listenReconnectDelay(), workerId, p.retention(), p.retentionBatchSize(),
				p.backlogCacheTtl());
	}

	Dispatcher start(String workerId, OutboxProperties properties, OutboxEventRepository events,
			TenantTransactions transactions, HandlerRegistry registry, DispatchMetrics metrics,
			ListenConnections connections) {
		return startExactly(workerId, asWorker(properties, workerId), events, transactions, registry, metrics, connections);
	}

	/** With {@code properties} as given (their worker id, thread count ...). */
	Dispatcher startExactly(String workerId, OutboxProperties properties, OutboxEventRepository events,
			TenantTransactions transactions, HandlerRegistry registry, DispatchMetrics metrics,
			ListenConnections connections) {
		Dispatcher dispatcher = DispatchConfiguration.assemble(workerId, properties, events,
				transactions, registry, metrics, new WakeSignal(), connections, new OutageLog(Clock.systemUTC()), true);
		dispatcher.start();
		started.add(dispatcher);
		return dispatcher;
	}

	@Override
	public void close() {
		started.forEach(Dispatcher::stop);
	}
}
