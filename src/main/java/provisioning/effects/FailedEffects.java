package provisioning.effects;

import java.util.UUID;

import org.springframework.stereotype.Component;

import outbox.OutboxPublisher;
import outbox.catalog.EffectFailed;
import tools.jackson.databind.json.JsonMapper;

/**
 * An effect failed for good: the tenant's admins are told through the outbox
 * ({@link EffectFailed}), in the transaction that records the failure, so a failure is announced
 * exactly when it is recorded.
 */
@Component
class FailedEffects {

	private final EffectRepository effects;
	private final OutboxPublisher outbox;
	private final JsonMapper json;

	FailedEffects(EffectRepository effects, OutboxPublisher outbox, JsonMapper json) {
		this.effects = effects;
		this.outbox = outbox;
		this.json = json;
	}

	/** Call inside the tenant unit of work that failed effect {@code id} for good; {@code request} is its stored request. */
	void announce(UUID id, String request) {
		effects.find(id).ifPresent(effect -> outbox.publish(new EffectFailed(effect.id(), effect.runId(),
				effect.employeeId(), employeeName(request), effect.grant(), effect.target(), effect.operation(),
				effect.attempts(), effect.lastError())));
	}

	private String employeeName(String request) {
		try {
			EffectRequest parsed = json.readValue(request, EffectRequest.class);
			return parsed.employee() == null ? null : parsed.employee().displayName();
		}
		catch (RuntimeException unreadable) {
			// the name is a courtesy in the mail; the failure is told without it
			return null;
		}
	}
}
