package outbox.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import outbox.dispatch.HandlerRegistry.Invocation;
import outbox.store.ClaimedEvent;
import outbox.store.FailedAttempt;
import outbox.store.OutboxEventRepository;
import platform.SessionLimits;
import platform.TenantTransactions;

/**
 * Runs one delivery attempt of a claimed event on a bounded pool of handler threads and settles
 * it. A transactional handler runs in the event tenant's unit of work, which also marks the event
 * delivered, fenced by the claim token: effects and delivery commit together, and a worker whose
 * claim was taken over rolls back. An external handler runs outside any transaction and its
 * delivery is marked afterwards. An attempt that overruns the timeout fails; its session carries
 * the same limit as {@code statement_timeout} and {@code idle_in_transaction_session_timeout}, so
 * the server ends what the abandoned thread still holds, and the fence keeps it from committing
 * after the retry was scheduled. The pool has room for as many abandoned attempts as dispatcher
 * threads; beyond that no attempt starts until one of them returns, so hanging handlers cannot
 * take more than their share of the connection pool that pages and the API use.
 */
final class AttemptRunner {

	private static final Logger log = LoggerFactory.getLogger(AttemptRunner.class);

	/** What became of an attempt. */
	enum Result {
		DELIVERED, FAILED,
		/** The claim had been taken over: nothing was changed. */
		STALE,
		/** Every handler thread is still busy with an abandoned attempt; nothing was started. */
		NO_CAPACITY
	}

	private final TenantTransactions transactions;
	private final OutboxEventRepository events;
	private final HandlerRegistry registry;
	private final RetryPolicy retryPolicy;
	private final DispatchMetrics metrics;
	private final DeadLetterNotices notices;
	private final Duration timeout;
	private final SessionLimits limits;
	private final int maxThreads;
	private volatile ThreadPoolExecutor threads;

	AttemptRunner(TenantTransactions transactions, OutboxEventRepository events, HandlerRegistry registry,
			RetryPolicy retryPolicy, DispatchMetrics metrics, DeadLetterNotices notices, OutboxProperties properties) {
		this.notices = notices;
		this.transactions = transactions;
		this.events = events;
		this.registry = registry;
		this.retryPolicy = retryPolicy;
		this.metrics = metrics;
		this.timeout = properties.attemptTimeout();
		this.limits = new SessionLimits(timeout, timeout, properties.durableHandlerCommits());
		this.maxThreads = 2 * properties.dispatchThreads();
	}

	synchronized void start() {
		AtomicInteger number = new AtomicInteger();
		threads = new ThreadPoolExecutor(0, maxThreads, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), task -> {
			Thread thread = new Thread(task, "outbox-handler-" + number.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
	}

	/**
	 * Attempts claimed events of ONE tenant in one transaction: every handler, then one fenced
	 * completion of them all, so the happy path pays one transaction for the group. When a handler
	 * fails, the group rolls back, that event's failure is recorded as its attempt, and the others
	 * are attempted again without it (their handlers ran in the rolled-back transaction, so they
	 * run once more). A timeout or a stale claim sends every event of the group to its own
	 * attempt. External handlers are always attempted alone.
	 *
	 * @return the events not started (the handler pool was full of abandoned attempts), to hand back
	 */
	List<ClaimedEvent> runTogether(List<ClaimedEvent> group, UUID token, String workerId) throws InterruptedException {
		if (group.size() > 1) {
			Optional<GroupOutcome> outcome = together(group, token, workerId);
			if (outcome.isPresent()) {
				if (outcome.get().failed() == null) {
					return List.of();
				}
				List<ClaimedEvent> rest = new ArrayList<>(group);
				ClaimedEvent failed = rest.remove(outcome.get().failed().index());
				settleFailure(failed, token, workerId, outcome.get().failed().getCause(), outcome.get().millis());
				return runTogether(rest, token, workerId);
			}
		}
		for (int i = 0; i < group.size(); i++) {
			if (run(group.get(i), token, workerId) == Result.NO_CAPACITY) {
				return group.subList(i, group.size());
			}
		}
		return List.of();
	}

	/** @return empty when the group could not be attempted together (then each event goes alone) */
	private Optional<GroupOutcome> together(List<ClaimedEvent> group, UUID token, String workerId) throws InterruptedException {
		List<Invocation> invocations;
		try {
			invocations = group.stream().map(registry::bind).toList();
		}
		catch (RuntimeException e) {
			return Optional.empty();
		}
		if (invocations.stream().anyMatch(Invocation::external)) {
			return Optional.empty();
		}
		long start = System.nanoTime();
		Future<?> attempt;
		try {
			attempt = threads.submit(() -> transactions.inTenant(group.get(0).tenantId(), limits, () -> {
				for (int i = 0; i < invocations.size(); i++) {
					try {
						call(invocations.get(i));
					}
					catch (RuntimeException e) {
						throw new MemberFailed(i, e instanceof CheckedFailure checked ? checked.getCause() : e);
					}
				}
				List<UUID> ids = group.stream().map(ClaimedEvent::id).toList();
				if (events.completeDelivered(ids, token, (System.nanoTime() - start) / 1_000_000, workerId) != ids.size()) {
					throw new StaleClaim();
				}
				return null;
			}));
		}
		catch (RejectedExecutionException e) {
			return Optional.empty();
		}
		try {
			attempt.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (ExecutionException e) {
			return e.getCause() instanceof MemberFailed failed
					? Optional.of(new GroupOutcome(failed, (System.nanoTime() - start) / 1_000_000)) : Optional.empty();
		}
		catch (TimeoutException e) {
			attempt.cancel(true);
			return Optional.empty();
		}
		catch (InterruptedException e) {
			attempt.cancel(true);
			throw e;
		}
		double elapsed = (System.nanoTime() - start) / 1e9;
		for (ClaimedEvent event : group) {
			metrics.record(event.type(), Outcome.SUCCEEDED);
			metrics.handled(event.ageSeconds() + elapsed);
		}
		return Optional.of(new GroupOutcome(null, 0));
	}

	/** A group delivered ({@code failed} null) or rolled back by one member's failure. */
	private record GroupOutcome(MemberFailed failed, long millis) {
	}

	/** The handler of one member of a group failed (and rolled the group back). */
	private static final class MemberFailed extends RuntimeException {

		private final int index;

		MemberFailed(int index, Throwable cause) {
			super(cause);
			this.index = index;
		}

		int index() {
			return index;
		}
	}

	Result run(ClaimedEvent event, UUID token, String workerId) throws InterruptedException {
		long start = System.nanoTime();
		Future<?> attempt;
		try {
			attempt = threads.submit(() -> deliver(event, token, workerId, start));
		}
		catch (RejectedExecutionException e) {
			return Result.NO_CAPACITY;
		}
		Throwable failure;
		try {
			attempt.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
			metrics.record(event.type(), Outcome.SUCCEEDED);
			metrics.handled(event.ageSeconds() + (System.nanoTime() - start) / 1e9);
			return Result.DELIVERED;
		}
		catch (ExecutionException e) {
			failure = e.getCause() instanceof CheckedFailure checked ? checked.getCause() : e.getCause();
			if (failure instanceof StaleClaim) {
				metrics.record(event.type(), Outcome.STALE);
				return Result.STALE;
			}
		}
		catch (TimeoutException e) {
			attempt.cancel(true);
			failure = new AttemptTimeoutException(timeout);
		}
		catch (InterruptedException e) {
			attempt.cancel(true);
			throw e;
		}
		return settleFailure(event, token, workerId, failure, (System.nanoTime() - start) / 1_000_000);
	}

	synchronized void stop() {
		threads.shutdownNow();
	}

	private void deliver(ClaimedEvent event, UUID token, String workerId, long start) {
		Invocation invocation = registry.bind(event);
		if (invocation.external()) {
			call(invocation);
			transactions.inTenant(event.tenantId(), limits, () -> complete(event, token, workerId, start));
		}
		else {
			transactions.inTenant(event.tenantId(), limits, () -> {
				call(invocation);
				return complete(event, token, workerId, start);
			});
		}
	}

	private Void complete(ClaimedEvent event, UUID token, String workerId, long start) {
		if (events.completeDelivered(List.of(event.id()), token, (System.nanoTime() - start) / 1_000_000, workerId) != 1) {
			// rolls back the handler's writes: another worker owns this event now
			throw new StaleClaim();
		}
		return null;
	}

	private static void call(Invocation invocation) {
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

	private Result settleFailure(ClaimedEvent event, UUID token, String workerId, Throwable failure, long millis) {
		boolean dead = Failures.isPermanent(failure) || event.attempt() >= event.maxAttempts();
		Duration delay = dead ? Duration.ZERO : retryPolicy.delayAfter(event.attempt());
		log.debug("Outbox event {} ({}) attempt {} failed: {}", event.id(), event.type(), event.attempt(), failure.toString());
		FailedAttempt evidence = new FailedAttempt(dead, delay, failure.getClass().getName(), Failures.message(failure),
				Failures.stack(failure), millis, workerId);
		boolean applied = transactions.inTenant(event.tenantId(), () -> events.recordFailure(event.id(), token, evidence));
		if (!applied) {
			metrics.record(event.type(), Outcome.STALE);
			return Result.STALE;
		}
		metrics.record(event.type(), dead ? Outcome.DEAD_LETTERED : Outcome.RETRIED);
		if (dead) {
			notices.notice(event, evidence.errorMessage());
		}
		return Result.FAILED;
	}

	/** The claim was no longer this worker's when the attempt tried to complete. */
	private static final class StaleClaim extends RuntimeException {

		StaleClaim() {
			super("The claim was taken over", null, false, false);
		}
	}

	/** Carries a handler's checked exception through the unit of work (which rolls back on it). */
	private static final class CheckedFailure extends RuntimeException {

		CheckedFailure(Exception cause) {
			super(cause);
		}
	}
}
