package provisioning.effects;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.springframework.stereotype.Component;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.LDAPException;

import outbox.OutboxPublisher;
import outbox.catalog.AccessRevoked;
import platform.TenantTransactions;
import provisioning.ldap.AccountPlan;
import provisioning.ldap.Connection;
import provisioning.ldap.LdapDirectory;
import provisioning.ldap.Receipt;
import provisioning.settings.Target;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The effects that take access away, for the dispatcher. A {@code disable} acts on what the
 * employee holds on the target when its time comes (the lane's earlier effects have settled by
 * then): the accounts the applied {@code ensure} effects left, one per naming rule, at the DN the
 * latest of them read back, with every group any of them gave; each is disabled as
 * {@link LdapDirectory#disable} does. Nothing held is {@code skipped}. A {@code delete} removes the
 * accounts its disable moved (absent is fine). An {@code enable} of a revocation taken back after
 * its disable was attempted gives each held account back as {@link LdapDirectory#enable} does (an
 * OpenLDAP password the disable removed stays removed: it was never read). When the last disable of a revocation settles,
 * {@link AccessRevoked} is published in the same unit of work, and a deletion is scheduled when the
 * entitlement asks for one.
 */
@Component
class Revocations {

	static final String DISABLE = "disable";
	static final String DELETE = "delete";

	private final TenantTransactions transactions;
	private final EffectRepository effects;
	private final LdapDirectory directory;
	private final JsonMapper json;
	private final OutboxPublisher outbox;
	private final Clock clock;

	Revocations(TenantTransactions transactions, EffectRepository effects, LdapDirectory directory, JsonMapper json,
			OutboxPublisher outbox, Clock clock) {
		this.transactions = transactions;
		this.effects = effects;
		this.directory = directory;
		this.json = json;
		this.outbox = outbox;
		this.clock = clock;
	}

	static final String ENABLE = "enable";

	/** Whether the effect is a revocation's: its disable, its deletion, or the enable that takes a disable back. */
	static boolean handles(String operation, EffectRequest request) {
		return DISABLE.equals(operation) || DELETE.equals(operation)
				|| ENABLE.equals(operation) && request.entitlement().revoking();
	}

	/**
	 * Applies a claimed disable or delete, a disable to the accounts its lane holds ({@code held},
	 * read for the whole batch); the receipt, or null when there was nothing to act on (skipped).
	 */
	String apply(EffectRepository.Claimed effect, EffectRequest request, Target target, Connection connection,
			List<EffectRepository.HeldAccount> held) {
		List<Receipt> receipts = new ArrayList<>();
		if (DISABLE.equals(effect.operation()) || ENABLE.equals(effect.operation())) {
			DN base = dn(target.baseDn());
			for (EffectRepository.HeldAccount account : held) {
				AccountPlan plan = new AccountPlan(dn(account.dn()), base, account.attributes(),
						account.groups().stream().map(Revocations::dn).toList());
				DN disabled = AccountPlans.disabled(target, request.entitlement(), plan.dn());
				// an enable takes the revocation back: each account it disabled is where it was, with its groups
				receipts.add(DISABLE.equals(effect.operation()) ? directory.disable(connection, plan, disabled)
						: directory.enable(connection, plan, disabled));
			}
		}
		else {
			String disabled = transactions.readInTenant(effect.tenantId(),
					() -> effects.disableReceipt(effect.changeKey(), effect.target())).orElse(null);
			for (JsonNode dn : disabled == null ? List.<JsonNode>of() : json.readTree(disabled).path("accounts")) {
				receipts.add(directory.remove(connection, dn(dn.asString()), List.of(), Set.of()));
			}
		}
		if (receipts.isEmpty()) {
			return null;
		}
		Receipt first = receipts.get(0);
		Map<String, Object> receipt = new LinkedHashMap<>();
		receipt.put("target", effect.target());
		receipt.put("dn", first.dn());
		receipt.put("before", first.before());
		receipt.put("after", first.after());
		receipt.put("accounts", receipts.stream().map(Receipt::dn).toList());
		receipt.put("at", clock.instant().toString());
		receipt.put("attempt", effect.attempts());
		return json.writeValueAsString(receipt);
	}

	/** A claimed effect that settled as {@code status}, with its request as it was read for the attempt. */
	record Settled(EffectRepository.Claimed effect, String status, EffectRequest request) {
	}

	/**
	 * After a batch's effects settled, inside the settling unit of work: each revocation whose
	 * disables have all settled is announced, and the applied disables' deletions scheduled. A few
	 * statements for the whole batch, whatever its size.
	 */
	void settled(List<Settled> settled, Instant now) {
		List<Settled> disables = settled.stream()
			.filter(s -> DISABLE.equals(s.effect().operation()))
			.filter(s -> "applied".equals(s.status()) || "skipped".equals(s.status()))
			.toList();
		if (disables.isEmpty()) {
			return;
		}
		List<Settled> deleting = disables.stream()
			.filter(s -> "applied".equals(s.status()) && s.request() != null
					&& s.request().entitlement().deleteAfterDays() != null)
			.toList();
		// a revocation already taken back (an enable follows the disable) is not deleted later
		Set<EffectRepository.Grant> takenBack = effects.having(deleting.stream()
			.map(s -> new EffectRepository.Grant(s.effect().changeKey(), s.effect().target())).toList(), ENABLE);
		effects.planDeletions(deleting.stream()
			.filter(s -> !takenBack.contains(new EffectRepository.Grant(s.effect().changeKey(), s.effect().target())))
			.map(s -> new EffectRepository.Deletion(UUID.randomUUID(), s.effect().id(),
					EffectTimes.deletion(now, s.request().entitlement().deleteAfterDays())))
			.toList(), now);
		outbox.publishAll(effects.revocations(disables.stream().map(s -> s.effect().changeKey()).collect(java.util.stream.Collectors.toSet()))
			.stream()
			.filter(revocation -> revocation.unsettled() == 0)
			.map(revocation -> new AccessRevoked(revocation.employeeId(), revocation.runId(), revocation.stageId(),
					revocation.grant(), revocation.accounts(), now))
			.toList());
	}

	private static DN dn(String value) {
		try {
			return new DN(value);
		}
		catch (LDAPException e) {
			throw new IllegalArgumentException("'" + value + "' is not a DN", e);
		}
	}
}
