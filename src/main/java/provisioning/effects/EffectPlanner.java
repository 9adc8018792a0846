package provisioning.effects;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.stereotype.Service;

import outbox.catalog.GrantRecorded;
import outbox.catalog.GrantState;
import platform.TenantTransactions;
import provisioning.settings.ProvisioningSettings;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns a recorded grant change into effects, one per target its entitlements name: an
 * {@code ensure} for a grant, an {@code undo} for its compensation, due now. A redelivered
 * change adds nothing (one effect per change, target and operation).
 */
@Service
public class EffectPlanner {

	private final TenantTransactions transactions;
	private final ProvisioningSettings settings;
	private final EffectRepository effects;
	private final JsonMapper json;
	private final Clock clock;
	private final EffectDispatcher dispatcher;

	EffectPlanner(TenantTransactions transactions, ProvisioningSettings settings, EffectRepository effects,
			JsonMapper json, Clock clock, EffectDispatcher dispatcher) {
		this.transactions = transactions;
		this.settings = settings;
		this.effects = effects;
		this.json = json;
		this.clock = clock;
		this.dispatcher = dispatcher;
	}

	/** Plans {@code change}'s effects; false when no entitlement maps its grant (nothing planned). */
	public boolean plan(String tenantId, GrantRecorded change) {
		boolean planned = transactions.inTenant(tenantId, () -> {
			List<ProvisioningSettings.Resolved> resolved = settings.resolve(change.grant());
			Instant now = clock.instant();
			String changeKey = "grant:" + change.stageId() + ":" + change.grant();
			String operation = change.status() == GrantState.GRANTED ? "ensure" : "undo";
			// target → what to apply: an undo takes back what its grant's effects were given, whatever
			// the entitlements say today (one removed since the grant still has its access taken back)
			Map<String, String> requests = new LinkedHashMap<>();
			if (operation.equals("undo")) {
				requests.putAll(effects.ensureRequests(changeKey));
			}
			for (ProvisioningSettings.Resolved entitlement : resolved) {
				requests.putIfAbsent(entitlement.target().key(), json.writeValueAsString(
						new EffectRequest(AccountPlans.cleaned(change.employee()), entitlement.entitlement())));
			}
			requests.forEach((target, request) -> {
				effects.plan(UUID.randomUUID(), changeKey, change.runId(), change.stageId(), change.grant(),
						change.employeeId(), target, operation, now, request, now);
				if (operation.equals("ensure")) {
					effects.moveUndoBehind(changeKey, target);
				}
			});
			return !requests.isEmpty();
		});
		if (planned) {
			dispatcher.wake();
		}
		return planned;
	}
}
