package workflow.web;

import java.util.List;
import java.util.UUID;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import workflow.RunEffect;
import workflow.RunEffects;

/**
 * The {@link RunEffects} port as the web room reads it: the module that applies grants answers,
 * and without one (a context that leaves it out) runs have no effects.
 */
@Component
class EffectsOfRuns {

	/** How many failed effects the needs-attention page lists. */
	static final int FAILED_SHOWN = 100;

	private final RunEffects effects;

	EffectsOfRuns(ObjectProvider<RunEffects> effects) {
		this.effects = effects.getIfAvailable(() -> null);
	}

	List<RunEffect> ofRun(String tenantId, UUID runId) {
		return effects == null ? List.of() : effects.ofRun(tenantId, runId);
	}

	List<RunEffects.FailedEffect> failed(String tenantId) {
		return effects == null ? List.of() : effects.failed(tenantId, FAILED_SHOWN);
	}

	int failedCount(String tenantId, int cap) {
		return effects == null ? 0 : effects.failedCount(tenantId, cap);
	}
}
