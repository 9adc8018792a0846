package provisioning.effects;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import com.unboundid.ldap.sdk.DN;

import io.micrometer.core.instrument.MeterRegistry;
import platform.OutageLog;
import platform.TenantTransactions;
import provisioning.ldap.AccountPlan;
import provisioning.ldap.Connection;
import provisioning.ldap.DirectoryFailure;
import provisioning.ldap.LdapDirectory;
import provisioning.ldap.Receipt;
import provisioning.settings.ProvisioningSettings;
import provisioning.settings.Target;
import tools.jackson.databind.json.JsonMapper;

/**
 * Works the due effects, modelled on the outbox's claim loop: ask which tenants have effects due
 * (one cross-tenant function), then, per tenant (in lanes of its own, see {@link #start()}), rescue
 * expired leases and claim a batch in a
 * short unit of work (fenced by a token, leased), apply each claimed effect outside any
 * transaction, and settle the batch's outcomes together in another short unit of work, each of
 * which holds only if its claim is still ours. A failed attempt is due again after a backoff doubling from 30 s to 30 min, until the
 * retry budget (24 h) since the first attempt is spent: then {@code failed}, until an admin's retry.
 * A refusal that retrying cannot change (bad credentials, no rights) fails at once.
 */
@Component
class EffectDispatcher implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(EffectDispatcher.class);

	/** The name of its outages in the log. */
	static final String COMPONENT = "Provisioning effects";

	private final TenantTransactions transactions;
	private final EffectRepository effects;
	private final ProvisioningSettings settings;
	private final LdapDirectory directory;
	private final ProvisioningProperties properties;
	private final JsonMapper json;
	private final Clock clock;
	private final MeterRegistry meters;
	private final OutageLog outages;
	private final Revocations revocations;
	private final FailedEffects failures;
	private final AtomicBoolean woken = new AtomicBoolean();
	/** The running lanes per tenant (claim, work, queue again); a tenant without one is absent. */
	private final ConcurrentMap<String, AtomicInteger> lanes = new ConcurrentHashMap<>();
	private volatile ScheduledExecutorService scheduler;
	private volatile ExecutorService workers;

	EffectDispatcher(TenantTransactions transactions, EffectRepository effects, ProvisioningSettings settings,
			LdapDirectory directory, ProvisioningProperties properties, JsonMapper json, Clock clock,
			MeterRegistry meters, OutageLog outages, Revocations revocations, FailedEffects failures) {
		this.failures = failures;
		this.transactions = transactions;
		this.effects = effects;
		this.settings = settings;
		this.directory = directory;
		this.properties = properties;
		this.json = json;
		this.clock = clock;
		this.meters = meters;
		this.outages = outages;
		this.revocations = revocations;
	}

	/** Looks for due effects soon (a new one was planned). */
	void wake() {
		woken.set(true);
	}

	/**
	 * One round over every tenant with due effects, one batch each, on the calling thread; the
	 * number of effects attempted. The running dispatcher works its lanes instead; a test that moves
	 * a clock drives this.
	 */
	int round() {
		Instant now = clock.instant();
		int attempted = 0;
		for (String tenantId : effects.dueTenants(now)) {
			attempted += round(tenantId);
		}
		return attempted;
	}

	/** One batch of {@code tenantId}'s due effects (after rescuing its expired leases), on the calling thread. */
	int round(String tenantId) {
		List<EffectRepository.Claimed> claimed = claim(tenantId);
		work(claimed);
		return claimed.size();
	}

	private List<EffectRepository.Claimed> claim(String tenantId) {
		UUID token = UUID.randomUUID();
		Instant now = clock.instant();
		return transactions.inTenant(tenantId, () -> {
			int rescued = effects.rescue(now);
			if (rescued > 0) {
				log.warn("Rescued {} provisioning effects of tenant {} whose lease expired", rescued, tenantId);
			}
			return effects.claim(token, now, now.plus(properties.lease()), now.minus(properties.retryBudget()),
					properties.batchSize());
		});
	}

	/**
	 * Attempts the claimed effects one after the other and settles what they came to together, in
	 * one short unit of work at the end of the batch (a commit per batch, not per effect). A batch
	 * against a slow directory can outlast its lease: past half of it, what was attempted so far is
	 * settled, the leases of the rest are renewed, and an effect whose claim was lost meanwhile
	 * (rescued by another instance) is left to its new holder. A worker that dies before settling
	 * leaves its batch to the rescue, whose attempts find the work done (ensure-semantics).
	 */
	private void work(List<EffectRepository.Claimed> claimed) {
		if (claimed.isEmpty()) {
			return;
		}
		String tenantId = claimed.get(0).tenantId();
		UUID token = claimed.get(0).token();
		Instant renewAt = clock.instant().plus(properties.lease().dividedBy(2));
		Set<UUID> held = null;
		BatchReads reads = reads(claimed);
		List<Outcome> outcomes = new ArrayList<>();
		for (int i = 0; i < claimed.size(); i++) {
			Instant now = clock.instant();
			if (now.isAfter(renewAt)) {
				settle(outcomes);
				outcomes.clear();
				List<UUID> rest = claimed.subList(i, claimed.size()).stream().map(EffectRepository.Claimed::id).toList();
				held = Set.copyOf(transactions.inTenant(tenantId, () -> effects.renew(rest, token, now.plus(properties.lease()))));
				renewAt = now.plus(properties.lease().dividedBy(2));
			}
			if (held == null || held.contains(claimed.get(i).id())) {
				outcomes.add(attempt(claimed.get(i), reads));
			}
		}
		settle(outcomes);
	}

	/**
	 * What an attempt came to: {@code applied} or {@code skipped} with its receipt, or a failure;
	 * with the effect's request as read for it (null when it could not be).
	 */
	private record Outcome(EffectRepository.Claimed effect, EffectRequest request, String status, String receipt,
			String error, boolean retryable) {

		static Outcome settled(EffectRepository.Claimed effect, EffectRequest request, String status, String receipt) {
			return new Outcome(effect, request, status, receipt, null, false);
		}

		static Outcome failed(EffectRepository.Claimed effect, String error, boolean retryable) {
			return new Outcome(effect, null, null, null, error, retryable);
		}
	}

	/**
	 * What a batch's effects read from the database, in one short unit of work rather than two per
	 * effect: their targets (with the opened bind passwords), the grants their undos take back and
	 * the accounts their disables disable.
	 */
	private record BatchReads(Map<String, Optional<Target>> targets, Map<String, EffectRepository.Granted> grants,
			Map<EffectRepository.Lane, List<EffectRepository.HeldAccount>> held,
			Map<EffectRepository.Lane, List<EffectRepository.Ensured>> ensured) {
	}

	private BatchReads reads(List<EffectRepository.Claimed> claimed) {
		Set<String> targets = new HashSet<>();
		Set<String> undone = new HashSet<>();
		Set<EffectRepository.Lane> disabling = new HashSet<>();
		Set<EffectRepository.Lane> ensuring = new HashSet<>();
		for (EffectRepository.Claimed effect : claimed) {
			targets.add(effect.target());
			if ("undo".equals(effect.operation())) {
				undone.add(effect.changeKey());
			}
			// a revocation's disable, or the enable that takes it back (a joiner's enable reads it needlessly)
			if (Revocations.DISABLE.equals(effect.operation()) || Revocations.ENABLE.equals(effect.operation())) {
				disabling.add(effect.lane());
			}
			// what an ensure weighs its groups against, an enable or a mover's undo gives the account
			if ("ensure".equals(effect.operation()) || "undo".equals(effect.operation())
					|| Revocations.ENABLE.equals(effect.operation())) {
				ensuring.add(effect.lane());
			}
		}
		return transactions.readInTenant(claimed.get(0).tenantId(), () -> {
			Map<String, Optional<Target>> found = new HashMap<>();
			targets.forEach(key -> found.put(key, settings.target(key)));
			return new BatchReads(found, effects.granted(undone), effects.held(disabling),
					effects.appliedEnsures(ensuring));
		});
	}

	private Outcome attempt(EffectRepository.Claimed effect, BatchReads reads) {
		String tenantId = effect.tenantId();
		try {
			EffectRequest own = json.readValue(effect.request(), EffectRequest.class);
			EffectRequest request = own;
			AccountAsGranted restored = null;
			Target target = reads.targets().get(effect.target())
				.orElseThrow(() -> new DirectoryFailure("The target " + effect.target() + " no longer exists", false, null));
			if ("undo".equals(effect.operation())) {
				EffectRepository.Granted grant = reads.grants()
					.get(EffectRepository.grantKey(effect.changeKey(), effect.target()));
				if (grant == null || !"applied".equals(grant.status())) {
					// the grant never took effect: nothing to take back
					return Outcome.settled(effect, own, "skipped", null);
				}
				// what the grant applied, even if its entitlement changed or went since
				request = json.readValue(grant.request(), EffectRequest.class);
				restored = restoring(effect, reads, target, request);
			}
			Connection connection = new Connection(target.url(), target.bindDn(), target.bindPassword(), target.profile());
			if (Revocations.handles(effect.operation(), request)) {
				String receipt = revocations.apply(effect, request, target, connection,
						reads.held().getOrDefault(effect.lane(), List.of()));
				return Outcome.settled(effect, own, receipt == null ? "skipped" : "applied", receipt);
			}
			AccountPlan plan = AccountPlans.plan(target, request.entitlement(), request.employee());
			DN disabled = AccountPlans.disabled(target, request.entitlement(), plan.dn());
			Receipt receipt;
			if (restored != null) {
				return Outcome.settled(effect, own, "applied", receipt(effect, restore(effect, reads, target, request,
						restored, connection), true));
			}
			if ("enable".equals(effect.operation())) {
				// enabled as the account's applied ensures describe it now: a transfer since the grant moved it
				AccountAsGranted account = AccountAsGranted.of(target, request.entitlement().naming(),
						ensured(effect, reads, null));
				if (account != null) {
					plan = account.plan();
					disabled = AccountPlans.disabled(target, account.owner().entitlement(), plan.dn());
				}
				receipt = directory.enable(connection, plan, disabled);
			}
			else if (!"undo".equals(effect.operation())) {
				receipt = directory.ensure(connection,
						request.createsDisabled() ? AccountPlans.createdDisabled(target, plan, disabled) : plan,
						groupsLeft(effect, reads, target, request, plan));
			}
			else if (request.entitlement().leavesGroupsOnUndo()) {
				receipt = directory.leaveGroups(connection, plan.dn(), plan.groups(), plan.attributes().keySet());
			}
			else if (request.entitlement().disablesOnUndo()) {
				receipt = directory.disable(connection, plan, disabled);
			}
			else {
				receipt = directory.remove(connection, plan.dn(), plan.groups(), plan.attributes().keySet());
				if (!receipt.before().exists() && request.createsDisabled() && !disabled.equals(plan.dn())) {
					// created disabled and not enabled yet: it is where a disabled account is kept
					receipt = directory.remove(connection, disabled, List.of(), plan.attributes().keySet());
				}
			}
			return Outcome.settled(effect, own, "applied", receipt(effect, receipt, false));
		}
		catch (DirectoryFailure failure) {
			return Outcome.failed(effect, failure.getMessage(), failure.retryable());
		}
		catch (IllegalArgumentException invalid) {
			return Outcome.failed(effect, invalid.getMessage(), false);
		}
		catch (RuntimeException unexpected) {
			log.warn("Provisioning effect {} of tenant {} failed unexpectedly", effect.id(), tenantId, unexpected);
			return Outcome.failed(effect, unexpected.getClass().getSimpleName() + ": " + unexpected.getMessage(), true);
		}
	}

	private List<DN> groupsLeft(EffectRepository.Claimed effect, BatchReads reads, Target target, EffectRequest request,
			AccountPlan plan) {
		return GroupsLeft.of(target, ensured(effect, reads, null), request, plan);
	}

	/** The requests of the applied ensures of the effect's lane, in order, without those of {@code exceptChange}. */
	private List<EffectRequest> ensured(EffectRepository.Claimed effect, BatchReads reads, String exceptChange) {
		return reads.ensured().getOrDefault(effect.lane(), List.of()).stream()
			.filter(ensured -> !ensured.changeKey().equals(exceptChange))
			.map(ensured -> json.readValue(ensured.request(), EffectRequest.class))
			.toList();
	}

	/**
	 * What the undo of {@code granted} (an applied ensure) gives the account back, or null when it
	 * takes the grant back as its entitlement's {@code undo} says: when an earlier applied ensure of
	 * the same account made it (a mover's ensure, which moved and regrouped an account a joiner's
	 * made), the account as the other applied ensures describe it; a groups-only grant takes only
	 * its groups back.
	 */
	private AccountAsGranted restoring(EffectRepository.Claimed effect, BatchReads reads, Target target,
			EffectRequest granted) {
		if (granted.entitlement().leavesGroupsOnUndo() || granted.entitlement().revoking()) {
			return null;
		}
		String naming = granted.entitlement().naming();
		boolean madeEarlier = false;
		for (EffectRepository.Ensured ensured : reads.ensured().getOrDefault(effect.lane(), List.of())) {
			if (ensured.changeKey().equals(effect.changeKey())) {
				break;
			}
			madeEarlier |= naming != null
					&& naming.equals(json.readValue(ensured.request(), EffectRequest.class).entitlement().naming());
		}
		return madeEarlier ? AccountAsGranted.of(target, naming, ensured(effect, reads, effect.changeKey())) : null;
	}

	/**
	 * Gives the account back as {@code restored} describes it, with ensure-semantics: moved back
	 * (its memberships rewritten), its attributes and groups, out of the groups only the undone grant
	 * gave. An account the undone grant kept disabled until the start date stays disabled, where it
	 * is, when the undo was planned before that date: it then comes before the start date's enable in
	 * the lane, which enables the account afterwards; planned later, it comes after the enable.
	 */
	private Receipt restore(EffectRepository.Claimed effect, BatchReads reads, Target target, EffectRequest granted,
			AccountAsGranted restored, Connection connection) {
		AccountPlan plan = restored.plan();
		List<DN> leave = restored.leftOf(target, granted.entitlement().naming(), ensured(effect, reads, null));
		if (granted.createsDisabled() && effect.scheduledFor().isBefore(granted.disabledUntil())) {
			plan = AccountPlans.createdDisabled(target, plan,
					AccountPlans.disabled(target, restored.owner().entitlement(), plan.dn()));
		}
		return directory.ensure(connection, plan, leave);
	}

	/** The receipt as stored; {@code restored} marks an undo that gave an account back rather than taking it. */
	private String receipt(EffectRepository.Claimed effect, Receipt receipt, boolean restored) {
		Map<String, Object> stored = new java.util.LinkedHashMap<>();
		stored.put("target", effect.target());
		stored.put("dn", receipt.dn());
		stored.put("before", receipt.before());
		stored.put("after", receipt.after());
		stored.put("at", clock.instant().toString());
		stored.put("attempt", effect.attempts());
		if (restored) {
			stored.put("restored", true);
		}
		return json.writeValueAsString(stored);
	}

	/**
	 * Settles a batch's outcomes in one unit of work: each holds only if its claim is still ours; an
	 * applied undo marks its grant undone, a revocation's disable may announce it (the outbox event
	 * commits with the status).
	 */
	private void settle(List<Outcome> outcomes) {
		if (outcomes.isEmpty()) {
			return;
		}
		Instant now = clock.instant();
		Map<Outcome, Instant> retries = new HashMap<>();
		for (Outcome outcome : outcomes) {
			if (outcome.error() != null) {
				Instant next = outcome.retryable() ? now.plus(backoff(outcome.effect().attempts())) : null;
				if (next != null && next.isAfter(outcome.effect().firstAttemptAt().plus(properties.retryBudget()))) {
					next = null;
				}
				retries.put(outcome, next);
			}
		}
		List<EffectRepository.Settling> settling = outcomes.stream()
			.map(o -> new EffectRepository.Settling(o.effect().id(), o.status(), o.receipt(), o.error(), retries.get(o)))
			.toList();
		Set<UUID> held = transactions.inTenant(outcomes.get(0).effect().tenantId(), () -> {
			Set<UUID> ours = effects.settle(outcomes.get(0).effect().token(), settling, now);
			List<Revocations.Settled> settled = new ArrayList<>();
			List<EffectRepository.Grant> undone = new ArrayList<>();
			for (Outcome outcome : outcomes) {
				EffectRepository.Claimed effect = outcome.effect();
				if (!ours.contains(effect.id())) {
					continue;
				}
				if (outcome.error() != null) {
					if (retries.get(outcome) == null) {
						failures.announce(effect.id(), effect.request());
					}
					continue;
				}
				if ("undo".equals(effect.operation()) && "applied".equals(outcome.status())) {
					undone.add(new EffectRepository.Grant(effect.changeKey(), effect.target()));
				}
				settled.add(new Revocations.Settled(effect, outcome.status(), outcome.request()));
			}
			effects.markUndone(undone, now);
			revocations.settled(settled, now);
			return ours;
		});
		for (int i = 0; i < outcomes.size(); i++) {
			Outcome outcome = outcomes.get(i);
			EffectRepository.Claimed effect = outcome.effect();
			if (outcome.error() != null) {
				Instant nextAttempt = retries.get(outcome);
				meters.counter("jmlhub.provisioning.effects.failed", "final", String.valueOf(nextAttempt == null)).increment();
				log.warn("Provisioning effect {} ({} on target {}) of tenant {} failed (attempt {}){}: {}", effect.id(),
						effect.operation(), effect.target(), effect.tenantId(), effect.attempts(),
						nextAttempt == null ? ", for good" : ", retried at " + nextAttempt, outcome.error());
			}
			else if (held.contains(effect.id())) {
				meters.counter("jmlhub.provisioning.effects.settled", "status", outcome.status(), "operation",
						effect.operation()).increment();
			}
			else {
				log.warn("Provisioning effect {} of tenant {} was {} but its claim had been lost", effect.id(),
						effect.tenantId(), outcome.status());
			}
		}
	}

	Duration backoff(int attempts) {
		Duration backoff = properties.firstBackoff();
		for (int i = 1; i < attempts && backoff.compareTo(properties.maxBackoff()) < 0; i++) {
			backoff = backoff.multipliedBy(2);
		}
		return backoff.compareTo(properties.maxBackoff()) > 0 ? properties.maxBackoff() : backoff;
	}

	/**
	 * Starts the lanes: a scheduler thread looks for tenants with due effects (every poll interval,
	 * or at once when woken) and starts a lane for each that has none; lanes run on a bounded pool of
	 * {@code threads}. A lane claims one batch of its tenant, works it and queues itself again behind
	 * the other lanes, until its tenant has nothing due; a full batch (a backlog) starts another lane
	 * of the same tenant, up to {@code tenantParallelism}. So one tenant's slow directory holds at
	 * most {@code tenantParallelism} threads, and the other tenants' lanes keep running on the rest.
	 * A claim takes at most one effect per (employee, target), so lanes of one tenant never work the
	 * same account at once.
	 */
	@Override
	public void start() {
		if (!properties.enabled()) {
			return;
		}
		AtomicInteger threads = new AtomicInteger();
		workers = Executors.newFixedThreadPool(properties.threadsOrDefault(), runnable -> {
			Thread thread = new Thread(runnable, "provisioning-effects-" + threads.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "provisioning-effects");
			thread.setDaemon(true);
			return thread;
		});
		long tick = Math.max(50, Math.min(properties.pollInterval().toMillis(), 250));
		long[] since = { 0 };
		// what became due while no dispatcher ran (a restart, a deployment) is looked for at once
		woken.set(true);
		scheduler.scheduleWithFixedDelay(() -> {
			since[0] += tick;
			if (!woken.getAndSet(false) && since[0] < properties.pollInterval().toMillis()) {
				return;
			}
			since[0] = 0;
			try {
				for (String tenantId : effects.dueTenants(clock.instant())) {
					if (reserve(tenantId, 1)) {
						submit(tenantId);
					}
				}
				outages.succeeded(COMPONENT);
			}
			catch (RuntimeException failure) {
				report(failure);
			}
		}, tick, tick, TimeUnit.MILLISECONDS);
	}

	/** One turn of a lane of {@code tenantId}: claim a batch, work it, queue the next turn. */
	private void lane(String tenantId) {
		try {
			List<EffectRepository.Claimed> claimed = claim(tenantId);
			if (claimed.isEmpty()) {
				release(tenantId);
				return;
			}
			if (claimed.size() >= properties.batchSize() && reserve(tenantId, properties.tenantParallelismOrDefault())) {
				// a backlog: another lane of this tenant takes the next batch meanwhile
				submit(tenantId);
			}
			work(claimed);
			outages.succeeded(COMPONENT);
			// behind the other tenants' queued lanes, so a busy tenant takes turns with them
			submit(tenantId);
		}
		catch (RuntimeException failure) {
			release(tenantId);
			report(failure);
		}
	}

	private void submit(String tenantId) {
		ExecutorService running = workers;
		try {
			if (running == null) {
				throw new RejectedExecutionException("stopped");
			}
			running.execute(() -> lane(tenantId));
		}
		catch (RejectedExecutionException stopped) {
			release(tenantId);
		}
	}

	/** Takes a lane of {@code tenantId} if fewer than {@code limit} are running. */
	private boolean reserve(String tenantId, int limit) {
		AtomicInteger running = lanes.computeIfAbsent(tenantId, key -> new AtomicInteger());
		while (true) {
			int current = running.get();
			if (current >= limit) {
				return false;
			}
			if (running.compareAndSet(current, current + 1)) {
				return true;
			}
		}
	}

	private void release(String tenantId) {
		lanes.computeIfPresent(tenantId, (key, running) -> running.decrementAndGet() <= 0 ? null : running);
	}

	private void report(RuntimeException failure) {
		// the database away is one WARN per outage; anything else is a bug and keeps its stack trace
		if (OutageLog.isOutage(failure)) {
			outages.failed(COMPONENT, failure);
		}
		else {
			log.error("A provisioning round failed; the next one retries", failure);
		}
	}

	@Override
	public void stop() {
		ScheduledExecutorService looking = scheduler;
		ExecutorService working = workers;
		scheduler = null;
		workers = null;
		for (ExecutorService running : new ExecutorService[] { looking, working }) {
			if (running != null) {
				running.shutdownNow();
				try {
					running.awaitTermination(10, TimeUnit.SECONDS);
				}
				catch (InterruptedException interrupted) {
					Thread.currentThread().interrupt();
				}
			}
		}
		lanes.clear();
	}

	@Override
	public boolean isRunning() {
		return scheduler != null;
	}
}
