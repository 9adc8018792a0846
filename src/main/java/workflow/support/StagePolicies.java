package workflow.support;

import java.util.Map;

import org.springframework.stereotype.Component;

import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;
import workflow.EscalationPolicy;
import workflow.ReminderCadence;

/**
 * A stage's reminder cadence and escalation as the jsonb columns hold them (the definition's JSON),
 * for the repositories of definition stages and run stages.
 */
@Component
public class StagePolicies {

	private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {
	};

	private final JsonMapper json;

	StagePolicies(JsonMapper json) {
		this.json = json;
	}

	public String write(ReminderCadence reminders) {
		return reminders == null ? null : json.writeValueAsString(reminders.json());
	}

	public String write(EscalationPolicy escalation) {
		return escalation == null ? null : json.writeValueAsString(escalation.json());
	}

	public ReminderCadence reminders(String text) {
		return text == null ? null : ReminderCadence.of(json.readValue(text, OBJECT));
	}

	public EscalationPolicy escalation(String text) {
		return text == null ? null : EscalationPolicy.of(json.readValue(text, OBJECT));
	}
}
