package outbox.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import outbox.PermanentFailureException;
import outbox.store.ClaimedEvent;
import outbox.store.DispatchQueueRepository;
import outbox.store.FailedAttempt;
import outbox.store.OutboxEventRepository;
import outbox.store.RescuedEvent;
import outbox.store.TenantClaim;
import platform.TenantTransactions;

/**
 * One dispatch round: claim the tenant that has been due longest, rescue its expired leases if
 * the previous claim was never released, claim a bounded batch of its due events, run each
 * handler in the tenant's own unit of work, then in one transaction complete the successes (one
 * statement), record the failures, hand back what was not started and release the tenant row.
 */
public final class DispatchRound {

	private static final Logger log = LoggerFactory.getLogger(DispatchRound.class);

	/** What a round found. */
	public enum Result {
		/** No tenant was due (or every due one was locked). */
		IDLE,
		/** A batch was processed and the tenant has nothing more due right now. */
		WORKED,
		/** A batch was processed and the tenant still has due events. */
		MORE
	}

	private final DispatchQueueRepository queue;
	private final OutboxEventRepository events;
	private final TenantTransactions transactions;
	private final HandlerRegistry registry;
	private final HandlerInvoker invoker;
	private final RetryPolicy retryPolicy;
	private final DispatchMetrics metrics;
	private final OutboxProperties properties;

	DispatchRound(DispatchQueueRepository queue, OutboxEventRepository events, TenantTransactions transactions,
			HandlerRegistry registry, DispatchMetrics metrics, OutboxProperties properties,
			RetryPolicy retryPolicy) {
		this.queue = queue;
		this.events = events;
		this.transactions = transactions;
		this.registry = registry;
		this.metrics = metrics;
		this.properties = properties;
		this.retryPolicy = retryPolicy;
		this.invoker = new HandlerInvoker(transactions, properties.attemptTimeout());
	}

	Result run(String workerId, ExecutorService handlerThreads, BooleanSupplier stopping) {
		Optional<TenantClaim> claimed = queue.claimNextTenant(workerId, properties.queueLease());
		if (claimed.isEmpty()) {
			return Result.IDLE;
		}
		TenantClaim claim = claimed.get();
		String tenant = claim.tenantId();
		long claimedAt = System.nanoTime();
		List<RescuedEvent> rescued = new ArrayList<>();
		List<ClaimedEvent> batch;
		try {
			batch = transactions.inTenant(tenant, () -> {
				if (claim.rescue()) {
					rescued.addAll(events.rescueExpired(tenant));
				}
				return events.claim(tenant, claim.token(), workerId, properties.eventLease(), properties.batchSize());
			});
		}
		catch (RuntimeException e) {
			// Nothing was claimed (the transaction rolled back): give the tenant back rather than wait
			// for the lease, unless a rescue is pending, which only an unreleased row tells the next worker.
			if (!claim.rescue()) {
				releaseQuietly(claim);
			}
			throw e;
		}
		rescued.forEach(event -> metrics.record(event.type(),
				event.deadLettered() ? Outcome.DEAD_LETTERED : Outcome.RETRIED));
		if (!rescued.isEmpty()) {
			log.warn("Rescued {} outbox events of tenant {} whose lease had expired", rescued.size(), tenant);
		}
		rescued.stream()
			.filter(RescuedEvent::deadLettered)
			.forEach(event -> noticeDeadLetter(tenant, event.id(), () -> registry.bind(tenant, event.asClaimed()),
					event.lastError()));

		// Start a handler only while the event lease still covers a full attempt.
		long lastStart = claimedAt + properties.eventLease().minus(properties.attemptTimeout()).toNanos();
		List<Attempt> attempts = new ArrayList<>(batch.size());
		List<UUID> unstarted = new ArrayList<>();
		boolean interrupted = false;
		for (ClaimedEvent event : batch) {
			if (interrupted || stopping.getAsBoolean() || System.nanoTime() > lastStart) {
				unstarted.add(event.id());
				continue;
			}
			try {
				attempts.add(attempt(tenant, event, workerId, handlerThreads));
			}
			catch (InterruptedException e) {
				// forced shutdown: the cancelled attempt is handed back like the ones not started
				interrupted = true;
				unstarted.add(event.id());
			}
		}
		try {
			return complete(claim, attempts, unstarted);
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	private Attempt attempt(String tenant, ClaimedEvent event, String workerId, ExecutorService handlerThreads)
			throws InterruptedException {
		long start = System.nanoTime();
		Throwable failure;
		HandlerRegistry.Invocation invocation = null;
		try {
			invocation = registry.bind(tenant, event);
			failure = invoker.invoke(handlerThreads, invocation);
		}
		catch (PermanentFailureException e) {
			failure = e;
		}
		long elapsed = System.nanoTime() - start;
		if (failure == null) {
			return new Attempt(event, null, event.ageSeconds() + elapsed / 1e9, invocation);
		}
		boolean dead = Failures.isPermanent(failure) || event.attempt() >= event.maxAttempts();
		Duration delay = dead ? Duration.ZERO : retryPolicy.delayAfter(event.attempt());
		log.debug("Outbox event {} ({}) attempt {} failed: {}", event.id(), event.type(), event.attempt(), failure.toString());
		return new Attempt(event, new FailedAttempt(dead, delay, failure.getClass().getName(), Failures.message(failure),
				Failures.stack(failure), elapsed / 1_000_000, workerId), 0, invocation);
	}

	private Result complete(TenantClaim claim, List<Attempt> attempts, List<UUID> unstarted) {
		List<Runnable> afterCommit = new ArrayList<>();
		Optional<DispatchQueueRepository.Release> release = transactions.inTenant(claim.tenantId(), () -> {
			List<UUID> succeeded = attempts.stream().filter(Attempt::succeeded).map(a -> a.event().id()).toList();
			Set<UUID> completed = events.completeDelivered(claim.token(), succeeded);
			for (Attempt attempt : attempts) {
				String type = attempt.event().type();
				if (attempt.succeeded()) {
					if (completed.contains(attempt.event().id())) {
						afterCommit.add(() -> {
							metrics.record(type, Outcome.SUCCEEDED);
							metrics.handled(attempt.handledAfterSeconds());
						});
					}
					else {
						afterCommit.add(() -> metrics.record(type, Outcome.STALE));
					}
				}
				else {
					boolean applied = events.recordFailure(attempt.event().id(), claim.token(), attempt.failure());
					Outcome outcome = !applied ? Outcome.STALE
							: attempt.failure().deadLetter() ? Outcome.DEAD_LETTERED : Outcome.RETRIED;
					afterCommit.add(() -> metrics.record(type, outcome));
					if (outcome == Outcome.DEAD_LETTERED && attempt.invocation() != null) {
						afterCommit.add(() -> noticeDeadLetter(claim.tenantId(), attempt.event().id(), attempt::invocation,
								attempt.failure().errorMessage()));
					}
				}
			}
			events.releaseUnstarted(claim.token(), unstarted);
			return queue.release(claim);
		});
		afterCommit.forEach(Runnable::run);
		if (release.isEmpty()) {
			log.warn("Outbox claim of tenant {} (generation {}) was taken over before it was released",
					claim.tenantId(), claim.generation());
			return Result.WORKED;
		}
		return release.get().moreDue() ? Result.MORE : Result.WORKED;
	}

	/**
	 * Tells the handler of a dead-lettered event, in a unit of work of its own after the dead
	 * letter committed; a failure is logged (the dead letter and its evidence stay as they are).
	 */
	private void noticeDeadLetter(String tenant, UUID eventId, Supplier<HandlerRegistry.Invocation> invocation,
			String reason) {
		try {
			HandlerRegistry.Invocation call = invocation.get();
			transactions.runInTenant(tenant, () -> call.deadLettered(reason));
		}
		catch (RuntimeException e) {
			log.warn("The handler of dead-lettered outbox event {} (tenant {}) failed on the notice: {}", eventId, tenant,
					e.toString());
		}
	}

	private void releaseQuietly(TenantClaim claim) {
		try {
			transactions.runInTenant(claim.tenantId(), () -> queue.release(claim));
		}
		catch (RuntimeException e) {
			log.warn("Could not release the outbox claim of tenant {}; it expires with its lease", claim.tenantId(), e);
		}
	}

	private record Attempt(ClaimedEvent event, FailedAttempt failure, double handledAfterSeconds,
			HandlerRegistry.Invocation invocation) {

		boolean succeeded() {
			return failure == null;
		}
	}
}
