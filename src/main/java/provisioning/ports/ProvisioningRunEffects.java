package provisioning.ports;

import java.util.List;
import java.util.UUID;

import org.springframework.stereotype.Component;

import provisioning.effects.Effect;
import provisioning.effects.Effects;
import workflow.RunEffect;
import workflow.RunEffects;

/** A run's effects and the tenant's failed ones, for workflow's run page, run API and needs-attention page. */
@Component
class ProvisioningRunEffects implements RunEffects {

	private final Effects effects;
	private final Receipts receipts;
	private final EffectBadges badges;

	ProvisioningRunEffects(Effects effects, Receipts receipts, EffectBadges badges) {
		this.effects = effects;
		this.receipts = receipts;
		this.badges = badges;
	}

	@Override
	public List<RunEffect> ofRun(String tenantId, UUID runId) {
		return effects.ofRun(tenantId, runId).stream().map(this::shown).toList();
	}

	@Override
	public List<FailedEffect> failed(String tenantId, int limit) {
		return effects.failed(tenantId, limit).stream()
			.map(named -> new FailedEffect(shown(named.effect()), named.effect().runId(), named.effect().employeeId(),
					named.employeeName()))
			.toList();
	}

	@Override
	public int failedCount(String tenantId, int cap) {
		return effects.failedCount(tenantId, cap);
	}

	private RunEffect shown(Effect effect) {
		return new RunEffect(effect.id(), effect.grant(), effect.target(), effect.operation(), effect.status(),
				effect.scheduledFor(), effect.attempts(), effect.lastError(), receipts.receipt(effect.receipt()),
				effect.settledAt(), badges.of(effect.status()));
	}
}
