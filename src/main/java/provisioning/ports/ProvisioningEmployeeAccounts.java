package provisioning.ports;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.stereotype.Component;

import hr.EmployeeAccount;
import hr.EmployeeAccounts;
import provisioning.effects.Effect;
import provisioning.effects.Effects;
import workflow.RunEffect.EffectReceipt;

/**
 * An employee's accounts for HR's employee page: per target, the latest receipt says the DN and
 * the groups, the latest effect (which may not have a receipt yet) says what is going on.
 */
@Component
class ProvisioningEmployeeAccounts implements EmployeeAccounts {

	private final Effects effects;
	private final Receipts receipts;
	private final EffectBadges badges;

	ProvisioningEmployeeAccounts(Effects effects, Receipts receipts, EffectBadges badges) {
		this.effects = effects;
		this.receipts = receipts;
		this.badges = badges;
	}

	@Override
	public List<EmployeeAccount> of(String tenantId, UUID employeeId) {
		Map<String, Effect> latest = new LinkedHashMap<>();
		Map<String, Effect> latestReceipt = new LinkedHashMap<>();
		// in position order: the last one of each target wins
		for (Effect effect : effects.knownOf(tenantId, employeeId)) {
			latest.put(effect.target(), effect);
			if (effect.receipt() != null) {
				latestReceipt.put(effect.target(), effect);
			}
		}
		return latest.values().stream().sorted(java.util.Comparator.comparing(Effect::target)).map(effect -> {
			Effect read = latestReceipt.get(effect.target());
			EffectReceipt receipt = read == null ? null : receipts.receipt(read.receipt());
			boolean exists = receipt != null && receipt.after() != null && receipt.after().exists();
			return new EmployeeAccount(effect.target(), receipt == null ? null : receipt.dn(), exists,
					exists ? receipt.groupsAfter() : List.of(), read == null ? null : read.settledAt(),
					read == null ? effect.runId() : read.runId(), effect.id(), effect.operation(), effect.status(),
					badges.of(effect.status()), effect.lastError());
		}).toList();
	}
}
