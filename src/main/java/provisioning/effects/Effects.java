package provisioning.effects;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.stereotype.Service;

import platform.AppUser;
import platform.Cursors;
import platform.Page;
import platform.DomainException;
import platform.PlatformAudit;
import platform.TenantTransactions;

/** The effects as the API reads them (of a run, of an employee) and the admin's retry of a failed one. */
@Service
public class Effects {

	private final TenantTransactions transactions;
	private final EffectRepository effects;
	private final PlatformAudit audit;
	private final Clock clock;
	private final EffectDispatcher dispatcher;

	Effects(TenantTransactions transactions, EffectRepository effects, PlatformAudit audit, Clock clock,
			EffectDispatcher dispatcher) {
		this.transactions = transactions;
		this.effects = effects;
		this.audit = audit;
		this.clock = clock;
		this.dispatcher = dispatcher;
	}

	public List<Effect> ofRun(String tenantId, UUID runId) {
		return transactions.readInTenant(tenantId, () -> effects.ofRun(runId));
	}

	/** The employee's effects; 404 when none is known (an employee of another tenant has none here either). */
	public List<Effect> ofEmployee(String tenantId, UUID employeeId) {
		List<Effect> found = transactions.readInTenant(tenantId, () -> effects.ofEmployee(employeeId));
		if (found.isEmpty()) {
			throw new DomainException.NotFound("No directory effect is known for employee " + employeeId + ".");
		}
		return found;
	}

	/** The employee's effects in their order; empty when none is known. */
	public List<Effect> knownOf(String tenantId, UUID employeeId) {
		return transactions.readInTenant(tenantId, () -> effects.ofEmployee(employeeId));
	}

	/** The tenant's effects that failed for good, newest first. */
	public List<NamedEffect> failed(String tenantId, int limit) {
		return transactions.readInTenant(tenantId, () -> effects.failed(limit));
	}

	/** How many of the tenant's effects failed for good, up to {@code cap}. */
	public int failedCount(String tenantId, int cap) {
		return transactions.readInTenant(tenantId, () -> effects.failedCount(cap));
	}

	/**
	 * One page of the accounts the receipts know (see {@link ManagedAccount}), of {@code target}
	 * when given, matching {@code text} when given; the cursor is the platform's one format.
	 */
	public Page<ManagedAccount> accounts(String tenantId, String target, String text, String cursor, int limit) {
		ManagedAccount.Position after = Cursors.decode(cursor,
				parts -> new ManagedAccount.Position(parts.get(0), parts.get(1), UUID.fromString(parts.get(2))));
		List<ManagedAccount> rows = transactions.readInTenant(tenantId,
				() -> effects.accounts(blankToNull(target), blankToNull(text), after, limit + 1));
		return Page.of(rows, limit, account -> {
			ManagedAccount.Position last = account.position();
			return Cursors.encode(last.target(), last.dn(), last.id());
		});
	}

	private static String blankToNull(String text) {
		return text == null || text.isBlank() ? null : text.strip();
	}

	/** Schedules a failed effect again, with a fresh retry budget; 404 when it does not exist, 409 unless it is failed. */
	public void retry(AppUser admin, UUID id) {
		transactions.runInTenant(admin.tenantId(), () -> {
			if (!effects.exists(id)) {
				throw new DomainException.NotFound("Effect " + id + " does not exist.");
			}
			if (!effects.retry(id, clock.instant())) {
				throw new DomainException.Conflict("Only a failed effect can be retried; effect " + id + " is not failed.");
			}
			audit.record(admin.getUsername(), "provisioning.effect.retried", Map.of("subject", id.toString()));
		});
		dispatcher.wake();
	}
}
