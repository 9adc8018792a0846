package outbox.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.ExternalEffect;
import outbox.PermanentFailureException;
import outbox.dispatch.HandlerInvoker.HandlerCall;
import outbox.store.ClaimedEvent;
import outbox.store.DispatchQueueRepository;
import outbox.store.FailedAttempt;
import outbox.store.OutboxEventRepository;
import outbox.store.RescuedEvent;
import platform.TenantTransactions;

/**
 * One dispatch round of one dispatcher thread: pick the next tenant with due events (round-robin
 * over the due tenants, per instance), claim a bounded batch of its due events with
 * {@code FOR UPDATE SKIP LOCKED} (so several threads and instances work on one tenant at once,
 * each on its own events) and run their handlers one after the other, each in a tenant
 * transaction that also marks the event delivered. Nothing but the claimed events is leased; the
 * leases are short and renewed by the waiting dispatcher thread while a handler runs. A round that
 * a database error cut short hands its claims back as soon as the database answers again, and
 * every {@link OutboxProperties#rescueInterval()} one round also rescues expired leases of all
 * tenants.
 */
public final class DispatchRound {

	private static final Logger log = LoggerFactory.getLogger(DispatchRound.class);
	/** Expired leases rescued per statement (the pass repeats while it finds a full batch). */
	private static final int RESCUE_BATCH = 500;
	/** A slow handler keeps the rest of its batch only this long; then the rest goes back for other threads. */
	private static final Duration HAND_BACK_AFTER = Duration.ofSeconds(1);

	/** How long an event waits when its timed-out previous attempt is still running here. */
	private static final Duration DEFER_DELAY = Duration.ofSeconds(1);

	/** What a round found. */
	public enum Result {
		/** No tenant has due events. */
		IDLE,
		/** Events are due but none could be claimed or started (claimed by others, or no free handler thread). */
		BUSY,
		/** A batch was processed and it was not full. */
		WORKED,
		/** A full batch was processed: there is probably more. */
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
	/** This instance's round-robin position over the due tenants. */
	private final AtomicReference<String> lastTenant = new AtomicReference<>();
	/** Claims of rounds that failed on a database error, handed back by the next round that reaches the database. */
	private final Queue<Claim> stranded = new ConcurrentLinkedQueue<>();
	private final AtomicLong nextRescue = new AtomicLong(System.nanoTime());

	DispatchRound(DispatchQueueRepository queue, OutboxEventRepository events, TenantTransactions transactions,
			HandlerRegistry registry, DispatchMetrics metrics, OutboxProperties properties,
			RetryPolicy retryPolicy, DataSource dataSource, JdbcClient jdbc) {
		this.queue = queue;
		this.events = events;
		this.transactions = transactions;
		this.registry = registry;
		this.metrics = metrics;
		this.properties = properties;
		this.retryPolicy = retryPolicy;
		Duration slice = properties.heartbeatInterval().compareTo(HAND_BACK_AFTER) < 0 ? properties.heartbeatInterval()
				: HAND_BACK_AFTER;
		this.invoker = new HandlerInvoker(transactions, events, dataSource, jdbc, properties.attemptTimeout(), slice,
				properties.handlerThreads() - properties.dispatchThreads(), properties.handlerSynchronousCommit());
	}

	Result run(String workerId, ExecutorService handlerThreads, BooleanSupplier stopping) {
		releaseStranded();
		rescueIfDue();
		Optional<String> next = queue.nextDueTenant(lastTenant.get());
		if (next.isEmpty()) {
			return Result.IDLE;
		}
		String tenant = next.get();
		lastTenant.set(tenant);
		Claim claim = new Claim(tenant, UUID.randomUUID());
		try {
			List<ClaimedEvent> batch = transactions.inTenant(tenant,
					() -> events.claim(tenant, claim.token(), workerId, properties.eventLease(), properties.batchSize()));
			if (batch.isEmpty()) {
				return Result.BUSY;
			}
			return work(claim, batch, workerId, handlerThreads, stopping);
		}
		catch (RuntimeException e) {
			// the claim may have committed even if its reply was lost: hand it back when the database is back
			stranded.add(claim);
			throw e;
		}
	}

	/** When the rescue pass is due next (this instance). */
	Duration untilNextRescue() {
		return Duration.ofNanos(Math.max(0, nextRescue.get() - System.nanoTime()));
	}

	private Result work(Claim claim, List<ClaimedEvent> batch, String workerId, ExecutorService handlerThreads,
			BooleanSupplier stopping) {
		Heartbeat heartbeat = new Heartbeat(claim, batch);
		boolean interrupted = false;
		boolean busy = false;
		for (int i = 0; i < batch.size() && !heartbeat.handedBack(); i++) {
			ClaimedEvent event = batch.get(i);
			if (stopping.getAsBoolean()) {
				handBack(claim, batch.subList(i, batch.size()));
				break;
			}
			heartbeat.renewIfDue();
			if (heartbeat.lapsed()) {
				// not renewed for a whole lease (the database was away, or this thread was stalled): the
				// rest may have been rescued by now, starting them would only produce stale attempts
				log.warn("The outbox leases of a batch of tenant {} lapsed; handing back {} events", claim.tenantId(),
						batch.size() - i);
				handBack(claim, batch.subList(i, batch.size()));
				break;
			}
			heartbeat.startingEvent(i);
			HandlerInvoker.Result result;
			try {
				result = invoker.invoke(handlerThreads, claim.tenantId(), claim.token(), event, handlerCall(claim.tenantId(), event),
						workerId, heartbeat);
			}
			catch (PermanentFailureException e) {
				result = new HandlerInvoker.Result(HandlerInvoker.Kind.FAILED, e, 0);
			}
			catch (InterruptedException e) {
				// forced shutdown: the ended attempt is handed back like the ones not started
				interrupted = true;
				handBack(claim, batch.subList(i, batch.size()));
				break;
			}
			if (result.kind() == HandlerInvoker.Kind.NOT_STARTED) {
				log.warn("The spare outbox handler threads are taken by {} handlers that ignored their timeout; handing back {} events",
						invoker.hungHandlers(), batch.size() - i);
				handBack(claim, batch.subList(i, batch.size()));
				busy = true;
				break;
			}
			if (result.kind() == HandlerInvoker.Kind.DEFERRED) {
				log.warn("Outbox event {} ({}) is deferred: its timed-out previous attempt has not returned yet", event.id(),
						event.type());
				transactions.inTenant(claim.tenantId(), () -> events.defer(event.id(), claim.token(), DEFER_DELAY));
				continue;
			}
			record(claim, event, result, workerId);
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
		return busy ? Result.BUSY : batch.size() >= properties.batchSize() ? Result.MORE : Result.WORKED;
	}

	/**
	 * The one place where a claimed event meets its handler: lookup, decoding of the stored payload
	 * and the call. Everything around it (transaction, fencing, timeout) is the invoker's.
	 */
	private HandlerCall handlerCall(String tenant, ClaimedEvent event) {
		HandlerRegistry.BoundHandler bound = registry.bind(tenant, event);
		return new HandlerCall(bound.handler().getClass().isAnnotationPresent(ExternalEffect.class), bound::run);
	}

	private void record(Claim claim, ClaimedEvent event, HandlerInvoker.Result result, String workerId) {
		switch (result.kind()) {
			case DELIVERED -> {
				metrics.record(event.type(), Outcome.SUCCEEDED);
				metrics.handled(event.ageSeconds() + result.durationMillis() / 1e3);
			}
			case STALE -> metrics.record(event.type(), Outcome.STALE);
			case FAILED -> {
				Throwable failure = result.failure();
				boolean dead = Failures.isPermanent(failure) || event.attempt() >= event.maxAttempts();
				Duration delay = dead ? Duration.ZERO : retryPolicy.delayAfter(event.attempt());
				log.debug("Outbox event {} ({}) attempt {} failed: {}", event.id(), event.type(), event.attempt(),
						failure.toString());
				FailedAttempt attempt = new FailedAttempt(dead, delay, failure.getClass().getName(), Failures.message(failure),
						Failures.stack(failure), result.durationMillis(), workerId);
				boolean applied = transactions.inTenant(claim.tenantId(),
						() -> events.recordFailure(event.id(), claim.token(), attempt));
				metrics.record(event.type(), !applied ? Outcome.STALE : dead ? Outcome.DEAD_LETTERED : Outcome.RETRIED);
			}
			case NOT_STARTED, DEFERRED -> throw new IllegalStateException("handled by the caller");
		}
	}

	private void handBack(Claim claim, List<ClaimedEvent> rest) {
		if (!rest.isEmpty()) {
			List<UUID> ids = rest.stream().map(ClaimedEvent::id).toList();
			transactions.inTenant(claim.tenantId(), () -> events.releaseUnstarted(claim.token(), ids));
		}
	}

	private void releaseStranded() {
		for (Claim claim = stranded.peek(); claim != null; claim = stranded.peek()) {
			Claim current = claim;
			int released = transactions.inTenant(current.tenantId(), () -> events.releaseClaim(current.token()));
			stranded.remove(current);
			if (released > 0) {
				log.info("Handed back {} outbox events of tenant {} claimed by a round that failed", released,
						current.tenantId());
			}
		}
	}

	private void rescueIfDue() {
		long due = nextRescue.get();
		if (System.nanoTime() - due < 0
				|| !nextRescue.compareAndSet(due, System.nanoTime() + properties.rescueInterval().toNanos())) {
			return;
		}
		List<RescuedEvent> rescued;
		do {
			rescued = events.rescueExpired(RESCUE_BATCH);
			for (RescuedEvent event : rescued) {
				metrics.record(event.type(), event.deadLettered() ? Outcome.DEAD_LETTERED : Outcome.RETRIED);
			}
			if (!rescued.isEmpty()) {
				log.warn("Rescued {} outbox events whose lease had expired (tenants {})", rescued.size(),
						rescued.stream().map(RescuedEvent::tenantId).distinct().toList());
			}
		}
		while (rescued.size() == RESCUE_BATCH);
	}

	/** A batch claim: its events are fenced by the token. */
	private record Claim(String tenantId, UUID token) {
	}

	/**
	 * Run by the dispatcher thread while a handler is busy: renews the batch's leases every
	 * {@link OutboxProperties#heartbeatInterval()}, and once a handler has been busy for
	 * {@link #HAND_BACK_AFTER} hands the rest of the batch back so other threads deliver it.
	 */
	private final class Heartbeat implements Runnable {

		private final Claim claim;
		private final List<ClaimedEvent> batch;
		private long lastRenewal = System.nanoTime();
		private long eventStart;
		private int current;
		private boolean handedBack;

		Heartbeat(Claim claim, List<ClaimedEvent> batch) {
			this.claim = claim;
			this.batch = batch;
		}

		void startingEvent(int index) {
			current = index;
			eventStart = System.nanoTime();
		}

		boolean handedBack() {
			return handedBack;
		}

		@Override
		public void run() {
			try {
				if (!handedBack && System.nanoTime() - eventStart >= HAND_BACK_AFTER.toNanos() && current + 1 < batch.size()) {
					handBack(claim, batch.subList(current + 1, batch.size()));
					handedBack = true;
				}
			}
			catch (RuntimeException e) {
				log.warn("Could not hand back the rest of an outbox batch of tenant {}: {}", claim.tenantId(), e.getMessage());
			}
			renewIfDue();
		}

		boolean lapsed() {
			return System.nanoTime() - lastRenewal >= properties.eventLease().toNanos();
		}

		/** Also called between events: a batch of handlers that are each quick but many must not outlive its lease. */
		void renewIfDue() {
			long now = System.nanoTime();
			if (now - lastRenewal < properties.heartbeatInterval().toNanos()) {
				return;
			}
			try {
				transactions.inTenant(claim.tenantId(), () -> events.renewLeases(claim.token(), properties.eventLease()));
				lastRenewal = now;
			}
			catch (RuntimeException e) {
				// the database is away: the lease may run out, then the completion is fenced off and the rescue retries
				log.warn("Could not renew the outbox leases of tenant {}: {}", claim.tenantId(), e.getMessage());
			}
		}
	}
}
