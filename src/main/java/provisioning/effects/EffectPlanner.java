package provisioning.effects;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.stereotype.Service;

import outbox.OutboxPublisher;
import outbox.catalog.AccessRevoked;
import outbox.catalog.GrantRecorded;
import outbox.catalog.GrantState;
import outbox.catalog.RunDefinition;
import platform.TenantTransactions;
import provisioning.settings.Entitlement;
import provisioning.settings.ProvisioningSettings;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns a recorded grant change into effects, one per target its entitlements name: an
 * {@code ensure} for a grant, an {@code undo} for its compensation; a revocation's grant is a
 * {@code disable} instead. Each is due at its time ({@link EffectTimes}): a revocation at the end
 * of the leaver's last day, a mover's change on the transfer's effective date, anything else now.
 * A compensation skips its change's effects still waiting for their time: they no longer should
 * happen (a disable that already applied stays). A redelivered change adds nothing (one effect per
 * change, target and operation). A grant with an end ({@link GrantRecorded#until()}: an access
 * package's expiry) has its undo planned with its ensure, due at the end; its compensation makes
 * that undo due at once. An account an earlier grant keeps disabled until the start date
 * stays one account: a transfer's ensure due before then keeps it disabled, and the waiting enable
 * moves behind that ensure and behind an undo planned before then.
 * <p>
 * A granted grant of a leaver run that plans no disable (no entitlement maps it to a revocation)
 * has nothing in a directory to wait for: its {@link AccessRevoked} is published at once, with no
 * accounts, so HR does not keep the employee waiting for a revocation that will never come.
 */
@Service
public class EffectPlanner {

	private final TenantTransactions transactions;
	private final ProvisioningSettings settings;
	private final EffectRepository effects;
	private final JsonMapper json;
	private final Clock clock;
	private final EffectDispatcher dispatcher;
	private final OutboxPublisher outbox;

	EffectPlanner(TenantTransactions transactions, ProvisioningSettings settings, EffectRepository effects,
			JsonMapper json, Clock clock, EffectDispatcher dispatcher, OutboxPublisher outbox) {
		this.transactions = transactions;
		this.settings = settings;
		this.effects = effects;
		this.json = json;
		this.clock = clock;
		this.dispatcher = dispatcher;
		this.outbox = outbox;
	}

	/** Plans {@code change}'s effects; false when no entitlement maps its grant (nothing planned). */
	public boolean plan(String tenantId, GrantRecorded change) {
		boolean planned = transactions.inTenant(tenantId, () -> {
			String changeKey = "grant:" + change.stageId() + ":" + change.grant();
			// a grant and its compensation delivered at once are planned one after the other, each
			// seeing what the other planned (the outbox promises no order)
			effects.lockChange(changeKey);
			List<ProvisioningSettings.Resolved> resolved = settings.resolve(change.grant());
			Instant now = clock.instant();
			boolean granted = change.status() == GrantState.GRANTED;
			GrantRecorded.Employee employee = AccountPlans.cleaned(change.employee());
			boolean revokes = false;
			// target → what an undo takes back: what its grant's effects were given, whatever the
			// entitlements say today (one removed since the grant still has its access taken back)
			Map<String, String> undos = new LinkedHashMap<>();
			if (!granted) {
				undos.putAll(effects.ensureRequests(changeKey));
			}
			for (ProvisioningSettings.Resolved entitlement : resolved) {
				String target = entitlement.target().key();
				String request = json.writeValueAsString(new EffectRequest(employee, entitlement.entitlement()));
				if (entitlement.entitlement().revoking()) {
					if (granted) {
						revokes = true;
						plan(change, changeKey, target, "disable",
								EffectTimes.revocation(employee == null ? null : employee.lastDay(), now), request, now);
					}
					else {
						// a revocation taken back: before its time it is skipped; once attempted, what it
						// disabled is enabled again (after it, in the lane) and its deletion never comes
						effects.skipWaiting(changeKey, target, "disable", now);
						effects.skipWaiting(changeKey, target, "delete", now);
						if (effects.status(changeKey, target, "disable").filter(status -> !"skipped".equals(status))
							.isPresent()) {
							plan(change, changeKey, target, "enable", now, request, now);
						}
					}
				}
				else if (granted) {
					UUID keptUntil = ensure(change, changeKey, entitlement, employee, request, now);
					effects.moveUndoBehind(changeKey, target);
					if (keptUntil != null) {
						// the enable of the account it keeps disabled (and what waits behind it) comes after it and its undo
						effects.deferFrom(keptUntil, changeKey);
					}
					// after the deferral: an expiry's undo waits behind the enable, not the enable behind the expiry
					if (change.until() != null) {
						expire(change, changeKey, target, request, now);
					}
				}
				else {
					undos.putIfAbsent(target, request);
				}
			}
			undos.forEach((target, request) -> {
				effects.skipWaiting(changeKey, target, "ensure", now);
				effects.skipWaiting(changeKey, target, "enable", now);
				if (plan(change, changeKey, target, "undo", now, request, now)) {
					// an account an earlier grant keeps disabled until the start date is given back now, not then
					effects.waitingEnables(change.employeeId(), target,
							json.readValue(request, EffectRequest.class).entitlement().naming(), changeKey).stream()
						.filter(enable -> enable.at().isAfter(now))
						.findFirst()
						.ifPresent(enable -> effects.deferFrom(enable.id(), changeKey));
				}
				// taken back now, it is due now (an expiry planned with the grant is the undo), and stays
				// so: a grant delivered after its compensation neither moves it to the grant's end nor gives
				// the grant again
				effects.advanceUndo(changeKey, target, now);
			});
			if (granted && change.definition() == RunDefinition.LEAVER && !revokes) {
				outbox.publish(new AccessRevoked(change.employeeId(), change.runId(), change.stageId(), change.grant(), 0,
						now));
			}
			return !resolved.isEmpty() || !undos.isEmpty();
		});
		if (planned) {
			dispatcher.wake();
		}
		return planned;
	}

	/**
	 * Plans a grant's ensure, and the enable of an account it creates disabled until the start date.
	 * An account an earlier grant keeps disabled until its enable (a joiner's, before the start date)
	 * is the same account: an ensure due before that enable keeps it disabled, where it is (under the
	 * disabled OU the enable takes it from), and the enable (with what waits behind it) moves behind
	 * it, to enable the account
	 * as the ensures then describe it (a transfer's OU and groups); one due after it is a plain
	 * ensure of the enabled account. An account an earlier grant made is not created disabled again.
	 * Returns the first such enable when the ensure was planned now (it is to move behind), else null.
	 */
	private UUID ensure(GrantRecorded change, String changeKey, ProvisioningSettings.Resolved resolved,
			GrantRecorded.Employee employee, String request, Instant now) {
		String target = resolved.target().key();
		Entitlement entitlement = resolved.entitlement();
		Instant at = notBefore(change, employee, now);
		List<EffectRepository.WaitingEnable> waiting = employee == null ? List.of()
				: effects.waitingEnables(change.employeeId(), target, entitlement.naming(), changeKey);
		List<EffectRepository.WaitingEnable> later = waiting.stream().filter(enable -> enable.at().isAfter(at)).toList();
		if (!later.isEmpty()) {
			String disabledOu = json.readValue(later.get(0).request(), EffectRequest.class).entitlement().disabledOu();
			String kept = json.writeValueAsString(new EffectRequest(employee, entitlement.withDisabledOu(disabledOu),
					later.get(0).at()));
			return plan(change, changeKey, target, "ensure", at, kept, now) ? later.get(0).id() : null;
		}
		Instant enableAt = entitlement.enablesOnStartDate() && employee != null && waiting.isEmpty()
				&& !effects.ensuresAccount(change.employeeId(), target, entitlement.naming(), changeKey)
						? EffectTimes.enable(employee.startDate(), now) : null;
		// an undo here already took the grant back: the account is not to be enabled
		if (enableAt != null && effects.status(changeKey, target, "undo").isEmpty()) {
			plan(change, changeKey, target, "ensure", at,
					json.writeValueAsString(new EffectRequest(employee, entitlement, enableAt)), now);
			plan(change, changeKey, target, "enable", enableAt, request, now);
		}
		else {
			plan(change, changeKey, target, "ensure", at, request, now);
		}
		return null;
	}

	/** Adds the effect unless the change has it already; true when added. */
	private boolean plan(GrantRecorded change, String changeKey, String target, String operation, Instant at,
			String request, Instant now) {
		return effects.plan(UUID.randomUUID(), changeKey, change.runId(), change.stageId(), change.grant(),
				change.employeeId(), target, operation, at, request, now);
	}

	/**
	 * A grant that ends by itself (an access package's expiry): its undo is planned with it, due at
	 * {@code until}, so the end is there to see from the grant on. A renewal (the same change granted
	 * again with a later end) moves that undo while it waits; one that came after the undo had run
	 * (the renewal crossed the expiry) gives the grant again, ensure then undo, at the back of the lane.
	 */
	private void expire(GrantRecorded change, String changeKey, String target, String request, Instant now) {
		Instant until = change.until().isAfter(now) ? change.until() : now;
		if (plan(change, changeKey, target, "undo", until, request, now)
				|| effects.rescheduleUndo(changeKey, target, until)) {
			return;
		}
		String undo = effects.status(changeKey, target, "undo").orElse("scheduled");
		if ("applying".equals(undo)) {
			// the outbox delivers the renewal again once the undo has settled
			throw new IllegalStateException("The expiry of " + changeKey + " on " + target
					+ " is being applied; its renewal is planned once it has settled");
		}
		if ("applied".equals(undo) || "skipped".equals(undo) || "failed".equals(undo)) {
			effects.grantAgain(changeKey, target, now, until);
		}
	}

	/** When a grant may take effect: a mover's on the transfer's effective date, any other at once. */
	private static Instant notBefore(GrantRecorded change, GrantRecorded.Employee employee, Instant now) {
		return change.definition() == RunDefinition.MOVER && employee != null
				? EffectTimes.move(employee.effectiveDate(), now) : now;
	}
}
