package provisioning.effects;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

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
 * (one cross-tenant function), then, per tenant, rescue expired leases and claim a batch in a
 * short unit of work (fenced by a token, leased), apply each claimed effect outside any
 * transaction, and settle it in another short unit of work that holds only if the claim is still
 * ours. A failed attempt is due again after a backoff doubling from 30 s to 30 min, until the
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
	private final AtomicBoolean woken = new AtomicBoolean();
	private volatile ScheduledExecutorService executor;

	EffectDispatcher(TenantTransactions transactions, EffectRepository effects, ProvisioningSettings settings,
			LdapDirectory directory, ProvisioningProperties properties, JsonMapper json, Clock clock,
			MeterRegistry meters, OutageLog outages, Revocations revocations) {
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

	/** One round over every tenant with due effects; the number of effects attempted. */
	int round() {
		Instant now = clock.instant();
		int attempted = 0;
		for (String tenantId : effects.dueTenants(now)) {
			attempted += round(tenantId);
		}
		return attempted;
	}

	private int round(String tenantId) {
		UUID token = UUID.randomUUID();
		Instant now = clock.instant();
		List<EffectRepository.Claimed> claimed = transactions.inTenant(tenantId, () -> {
			int rescued = effects.rescue(now);
			if (rescued > 0) {
				log.warn("Rescued {} provisioning effects of tenant {} whose lease expired", rescued, tenantId);
			}
			return effects.claim(token, now, now.plus(properties.lease()), now.minus(properties.retryBudget()),
					properties.batchSize());
		});
		for (EffectRepository.Claimed effect : claimed) {
			attempt(effect);
		}
		return claimed.size();
	}

	private void attempt(EffectRepository.Claimed effect) {
		String tenantId = effect.tenantId();
		try {
			EffectRequest request = json.readValue(effect.request(), EffectRequest.class);
			Target target = transactions.readInTenant(tenantId, () -> settings.target(effect.target()))
				.orElseThrow(() -> new DirectoryFailure("The target " + effect.target() + " no longer exists", false, null));
			if ("undo".equals(effect.operation())) {
				String grant = transactions.readInTenant(tenantId, () -> effects.ensureStatus(effect.changeKey(), effect.target()))
					.orElse("absent");
				if (!"applied".equals(grant)) {
					// the grant never took effect: nothing to take back
					settle(effect, "skipped", null);
					return;
				}
			}
			Connection connection = new Connection(target.url(), target.bindDn(), target.bindPassword());
			if (Revocations.handles(effect.operation())) {
				String receipt = revocations.apply(effect, request, target, connection);
				settle(effect, receipt == null ? "skipped" : "applied", receipt);
				return;
			}
			AccountPlan plan = AccountPlans.plan(target, request.entitlement(), request.employee());
			Receipt receipt;
			if (!"undo".equals(effect.operation())) {
				receipt = directory.ensure(connection, plan);
			}
			else if (request.entitlement().disablesOnUndo()) {
				receipt = directory.disable(connection, plan,
						AccountPlans.disabled(target, request.entitlement(), plan.dn()));
			}
			else {
				receipt = directory.remove(connection, plan.dn(), plan.groups(), plan.attributes().keySet());
			}
			settle(effect, "applied", receipt(effect, receipt));
		}
		catch (DirectoryFailure failure) {
			fail(effect, failure.getMessage(), failure.retryable());
		}
		catch (IllegalArgumentException invalid) {
			fail(effect, invalid.getMessage(), false);
		}
		catch (RuntimeException unexpected) {
			log.warn("Provisioning effect {} of tenant {} failed unexpectedly", effect.id(), tenantId, unexpected);
			fail(effect, unexpected.getClass().getSimpleName() + ": " + unexpected.getMessage(), true);
		}
	}

	private String receipt(EffectRepository.Claimed effect, Receipt receipt) {
		return json.writeValueAsString(Map.of("target", effect.target(), "dn", receipt.dn(), "before", receipt.before(),
				"after", receipt.after(), "at", clock.instant().toString(), "attempt", effect.attempts()));
	}

	private void settle(EffectRepository.Claimed effect, String status, String receipt) {
		Instant now = clock.instant();
		boolean held = transactions.inTenant(effect.tenantId(), () -> {
			boolean settled = effects.settle(effect.id(), effect.token(), status, receipt, now);
			if (settled && "undo".equals(effect.operation()) && "applied".equals(status)) {
				effects.markUndone(effect.changeKey(), effect.target(), now);
			}
			if (settled) {
				revocations.settled(effect, status, now);
			}
			return settled;
		});
		if (held) {
			meters.counter("jmlhub.provisioning.effects.settled", "status", status, "operation", effect.operation())
				.increment();
		}
		else {
			log.warn("Provisioning effect {} of tenant {} was {} but its claim had been lost", effect.id(),
					effect.tenantId(), status);
		}
	}

	private void fail(EffectRepository.Claimed effect, String error, boolean retryable) {
		Instant now = clock.instant();
		Instant next = retryable ? now.plus(backoff(effect.attempts())) : null;
		if (next != null && next.isAfter(effect.firstAttemptAt().plus(properties.retryBudget()))) {
			next = null;
		}
		Instant nextAttempt = next;
		transactions.runInTenant(effect.tenantId(), () -> effects.fail(effect.id(), effect.token(), error, nextAttempt, now));
		meters.counter("jmlhub.provisioning.effects.failed", "final", String.valueOf(nextAttempt == null)).increment();
		log.warn("Provisioning effect {} ({} on target {}) of tenant {} failed (attempt {}){}: {}", effect.id(),
				effect.operation(), effect.target(), effect.tenantId(), effect.attempts(),
				nextAttempt == null ? ", for good" : ", retried at " + nextAttempt, error);
	}

	Duration backoff(int attempts) {
		Duration backoff = properties.firstBackoff();
		for (int i = 1; i < attempts && backoff.compareTo(properties.maxBackoff()) < 0; i++) {
			backoff = backoff.multipliedBy(2);
		}
		return backoff.compareTo(properties.maxBackoff()) > 0 ? properties.maxBackoff() : backoff;
	}

	@Override
	public void start() {
		if (!properties.enabled()) {
			return;
		}
		executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "provisioning-effects");
			thread.setDaemon(true);
			return thread;
		});
		long tick = Math.max(50, Math.min(properties.pollInterval().toMillis(), 250));
		long[] since = { 0 };
		executor.scheduleWithFixedDelay(() -> {
			since[0] += tick;
			if (!woken.getAndSet(false) && since[0] < properties.pollInterval().toMillis()) {
				return;
			}
			since[0] = 0;
			try {
				while (round() > 0) {
					// more may be due: the lanes unblocked by this round
				}
				outages.succeeded(COMPONENT);
			}
			catch (RuntimeException failure) {
				// the database away is one WARN per outage; anything else is a bug and keeps its stack trace
				if (OutageLog.isOutage(failure)) {
					outages.failed(COMPONENT, failure);
				}
				else {
					log.error("A provisioning round failed; the next one retries", failure);
				}
			}
		}, tick, tick, TimeUnit.MILLISECONDS);
	}

	@Override
	public void stop() {
		ScheduledExecutorService running = executor;
		if (running != null) {
			running.shutdownNow();
			try {
				running.awaitTermination(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException interrupted) {
				Thread.currentThread().interrupt();
			}
			executor = null;
		}
	}

	@Override
	public boolean isRunning() {
		return executor != null;
	}
}
