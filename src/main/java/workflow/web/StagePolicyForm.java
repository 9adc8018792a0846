package workflow.web;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;

import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;
import workflow.EscalationPolicy;
import workflow.ReminderCadence;
import workflow.definition.DefinitionEdit.EscalationEdit;
import workflow.definition.DefinitionEdit.ReminderEdit;

/**
 * A stage's reminders and escalation in the definition editor: one JSON field each, the same JSON
 * the API takes (the form shows what a save stores; its checks are the administration's). Also
 * used by the template ({@code policies.text(...)}) to fill the fields.
 */
@Component
class StagePolicyForm {

	private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {
	};

	private final JsonMapper json;

	StagePolicyForm(JsonMapper json) {
		this.json = json;
	}

	/** The field's text of an edit; empty for none. */
	public String text(Object edit) {
		if (edit == null) {
			return "";
		}
		Map<String, Object> fields = new LinkedHashMap<>(json.convertValue(edit, OBJECT));
		fields.values().removeIf(value -> value == null);
		return json.writeValueAsString(fields);
	}

	/** The reasons of {@code errors} about the field {@code field} or its parts ({@code field.max}), joined; null for none. */
	public String problems(Map<String, String> errors, String field) {
		String joined = errors.entrySet().stream()
			.filter(e -> e.getKey().equals(field) || e.getKey().startsWith(field + "."))
			.map(e -> (e.getKey().equals(field) ? "" : e.getKey().substring(field.length() + 1) + ": ") + e.getValue())
			.collect(Collectors.joining("; "));
		return joined.isEmpty() ? null : joined;
	}

	ReminderEdit reminders(String text, Consumer<String> problem) {
		return read(text, ReminderEdit.class, problem);
	}

	EscalationEdit escalation(String text, Consumer<String> problem) {
		return read(text, EscalationEdit.class, problem);
	}

	private <T> T read(String text, Class<T> type, Consumer<String> problem) {
		if (text == null || text.isBlank()) {
			return null;
		}
		try {
			return json.readValue(text.strip(), type);
		}
		catch (JacksonException e) {
			problem.accept("is not the JSON of this setting (see the example in the field)");
			return null;
		}
	}

	static ReminderEdit edit(ReminderCadence cadence) {
		return cadence == null ? null : new ReminderEdit(cadence.firstAfter().toString(),
				cadence.every() == null ? null : cadence.every().toString(), cadence.max());
	}

	static EscalationEdit edit(EscalationPolicy escalation) {
		if (escalation == null) {
			return null;
		}
		Object target = escalation.group() == null ? EscalationPolicy.MANAGER_OF_MANAGER : Map.of("group", escalation.group());
		return new EscalationEdit(escalation.after().toString(), target, escalation.fallbackGroup(), escalation.addApprover(),
				escalation.warnBefore() == null ? null : escalation.warnBefore().toString());
	}
}
