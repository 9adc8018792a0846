package outbox.dispatch;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import javax.sql.DataSource;

import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.ConnectionHolder;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import com.zaxxer.hikari.HikariDataSource;

import outbox.store.ClaimedEvent;
import outbox.store.OutboxEventRepository;
import platform.TenantTransactions;

/**
 * Runs one handler attempt on the bounded handler pool. A handler's database writes and its
 * event's completion share one tenant transaction, fenced by the claim token, so they commit
 * together or not at all (a lost claim rolls the writes back). The dispatcher thread waits in
 * heartbeat slices (renewing the batch's leases) up to the attempt timeout; then it ends the
 * attempt for sure before the event may be retried: it interrupts the handler thread, terminates
 * the handler's database session (which rolls its transaction back and releases its locks, even
 * when the handler ignores the interrupt) and evicts that connection from the pool, so a hanging
 * handler costs one handler thread but never a connection the pages and the API need.
 */
final class HandlerInvoker {

	private static final Logger log = LoggerFactory.getLogger(HandlerInvoker.class);
	/** How long ending a timed-out attempt waits for its backend to exit. */
	private static final long TERMINATE_WAIT_MILLIS = 5_000;

	/** How an attempt ended. */
	enum Kind {
		/** The handler returned and its event is marked delivered (with the handler's writes). */
		DELIVERED,
		/** The handler returned but the claim had been taken over: its writes were rolled back. */
		STALE,
		/** The handler threw or timed out; {@code failure} says why. */
		FAILED,
		/** No handler thread was free (all taken by hung handlers): the event was not started. */
		NOT_STARTED,
		/**
		 * A timed-out attempt of this event is still running here (its handler ignores interrupts):
		 * not started, so that one handler never runs twice at once in this instance.
		 */
		DEFERRED
	}

	record Result(Kind kind, Throwable failure, long durationMillis) {
	}

	/** A handler bound to its event, as {@code DispatchRound#handlerCall} prepares it. */
	record HandlerCall(boolean external, Invocation invocation) {
	}

	@FunctionalInterface
	interface Invocation {
		void run() throws Exception;
	}

	private final TenantTransactions transactions;
	private final OutboxEventRepository events;
	private final DataSource dataSource;
	private final JdbcClient jdbc;
	private final Duration timeout;
	private final Duration slice;
	/** Handler threads beyond one per dispatcher thread: how many hung handlers the pool absorbs. */
	private final int spareThreads;
	private final boolean synchronousCommit;
	/** Timed-out attempts whose handler thread has not returned yet, by event. */
	private final Map<UUID, CountDownLatch> hung = new ConcurrentHashMap<>();

	HandlerInvoker(TenantTransactions transactions, OutboxEventRepository events, DataSource dataSource, JdbcClient jdbc,
			Duration timeout, Duration slice, int spareThreads, boolean synchronousCommit) {
		this.spareThreads = spareThreads;
		this.synchronousCommit = synchronousCommit;
		this.transactions = transactions;
		this.events = events;
		this.dataSource = dataSource;
		this.jdbc = jdbc;
		this.timeout = timeout;
		this.slice = slice;
	}

	/**
	 * Runs the attempt and waits for it; {@code heartbeat} runs on the calling thread every slice
	 * while the handler is still busy.
	 */
	Result invoke(ExecutorService pool, String tenant, UUID token, ClaimedEvent event, HandlerCall call, String workerId,
			Runnable heartbeat) throws InterruptedException {
		CountDownLatch previous = hung.get(event.id());
		if (previous != null) {
			if (previous.getCount() > 0) {
				return new Result(Kind.DEFERRED, null, 0);
			}
			hung.remove(event.id(), previous);
		}
		if (hungHandlers() > spareThreads) {
			// the hung handlers took the spare threads: this attempt would have to queue for one
			return new Result(Kind.NOT_STARTED, null, 0);
		}
		AtomicReference<Session> session = new AtomicReference<>();
		CountDownLatch returned = new CountDownLatch(1);
		long start = System.nanoTime();
		Future<Boolean> attempt;
		try {
			Callable<Boolean> task = task(tenant, token, event, call, workerId, session, start);
			attempt = pool.submit(() -> {
				try {
					return task.call();
				}
				finally {
					returned.countDown();
				}
			});
		}
		catch (RejectedExecutionException e) {
			// the pool was shut down (the dispatcher is stopping)
			return new Result(Kind.NOT_STARTED, e, 0);
		}
		long deadline = start + timeout.toNanos();
		while (true) {
			long left = deadline - System.nanoTime();
			try {
				boolean completed = attempt.get(Math.max(0, Math.min(left, slice.toNanos())), TimeUnit.NANOSECONDS);
				return new Result(completed ? Kind.DELIVERED : Kind.STALE, null, millisSince(start));
			}
			catch (ExecutionException e) {
				Throwable cause = e.getCause() instanceof CheckedFailure checked ? checked.getCause() : e.getCause();
				return new Result(Kind.FAILED, cause, millisSince(start));
			}
			catch (TimeoutException e) {
				if (System.nanoTime() - deadline >= 0) {
					end(attempt, returned, session.get(), event);
					return new Result(Kind.FAILED, new AttemptTimeoutException(timeout), millisSince(start));
				}
				heartbeat.run();
			}
			catch (InterruptedException e) {
				end(attempt, returned, session.get(), event);
				throw e;
			}
		}
	}

	/** How many timed-out handlers have not returned yet (each keeps its handler thread, but no connection). */
	int hungHandlers() {
		hung.values().removeIf(returned -> returned.getCount() == 0);
		return hung.size();
	}

	private Callable<Boolean> task(String tenant, UUID token, ClaimedEvent event, HandlerCall call, String workerId,
			AtomicReference<Session> session, long start) {
		if (call.external()) {
			// no transaction (and no connection) while the remote effect runs; the completion is
			// fenced all the same, a late one is stale and the receipt makes the effect idempotent
			return () -> {
				run(call.invocation());
				return transactions.inTenant(tenant,
						() -> events.completeDelivered(event.id(), token, millisSince(start), workerId, synchronousCommit));
			};
		}
		return () -> {
			try {
				return transactions.inTenant(tenant, () -> {
					Session current = Session.current(dataSource);
					if (current != null) {
						session.set(current);
						// ended before the connection goes back to the pool, so that ending a timed-out
						// attempt can never hit a session that already serves someone else
						TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
							@Override
							public void afterCompletion(int status) {
								current.finish();
							}
						});
					}
					run(call.invocation());
					if (!events.completeDelivered(event.id(), token, millisSince(start), workerId, synchronousCommit)) {
						throw new LostClaim();
					}
					return true;
				});
			}
			catch (LostClaim lost) {
				return false;
			}
		};
	}

	/**
	 * Ends a timed-out or abandoned attempt: interrupt, then terminate its session so that its
	 * transaction is rolled back and cannot commit later, and take the dead connection out of the pool.
	 */
	private void end(Future<?> attempt, CountDownLatch returned, Session session, ClaimedEvent event) {
		attempt.cancel(true);
		hung.put(event.id(), returned);
		if (session == null) {
			// an external handler, or one still waiting for a connection: nothing can commit its
			// completion any more once the failure is recorded (the claim token fences it)
			return;
		}
		synchronized (session) {
			if (session.finished) {
				// the transaction completed after all (committed or rolled back): nothing to end
				return;
			}
			try {
				Boolean terminated = jdbc.sql("SELECT pg_terminate_backend(:pid, :wait)")
					.param("pid", session.backendPid)
					.param("wait", TERMINATE_WAIT_MILLIS)
					.query(Boolean.class)
					.single();
				if (!Boolean.TRUE.equals(terminated)) {
					log.debug("The session of timed-out outbox event {} had already ended", event.id());
				}
			}
			catch (RuntimeException e) {
				// the claim token still fences the completion; the lease expires if we cannot record the failure
				log.warn("Could not terminate the session of timed-out outbox event {}: {}", event.id(), e.getMessage());
			}
			if (dataSource instanceof HikariDataSource hikari) {
				hikari.evictConnection(session.connection);
			}
		}
	}

	private static void run(Invocation invocation) {
		try {
			invocation.run();
		}
		catch (RuntimeException e) {
			throw e;
		}
		catch (Exception e) {
			throw new CheckedFailure(e);
		}
	}

	private static long millisSince(long start) {
		return (System.nanoTime() - start) / 1_000_000;
	}

	/**
	 * The handler transaction's connection and backend, for ending it from the dispatcher thread.
	 * Ending and finishing synchronise on it: the transaction's completion waits for an end in
	 * progress, and an end after completion does nothing.
	 */
	private static final class Session {

		private final Connection connection;
		private final int backendPid;
		private boolean finished;

		private Session(Connection connection, int backendPid) {
			this.connection = connection;
			this.backendPid = backendPid;
		}

		static Session current(DataSource dataSource) {
			if (!(TransactionSynchronizationManager.getResource(dataSource) instanceof ConnectionHolder holder)) {
				return null;
			}
			Connection connection = holder.getConnection();
			try {
				return new Session(connection, connection.unwrap(PGConnection.class).getBackendPID());
			}
			catch (SQLException e) {
				return null;
			}
		}

		synchronized void finish() {
			finished = true;
		}
	}

	/** The completion found the claim taken over: rolls the handler's writes back. */
	private static final class LostClaim extends RuntimeException {

		LostClaim() {
			super("The outbox claim was taken over", null, false, false);
		}
	}

	/** Carries a handler's checked exception through the unit of work (which rolls back on it). */
	private static final class CheckedFailure extends RuntimeException {

		CheckedFailure(Exception cause) {
			super(cause);
		}
	}
}
