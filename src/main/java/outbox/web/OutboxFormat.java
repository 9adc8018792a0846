package outbox.web;

import java.util.Map;

import org.springframework.stereotype.Component;

import outbox.admin.EventStatus;
import outbox.dispatch.Outcome;
import platform.Badge;
import platform.Badge.Tone;
import tools.jackson.databind.json.JsonMapper;

/** Outbox-specific display helpers ({@code ${@outboxFormat...}}); times go through {@code ${@times...}}. */
@Component("outboxFormat")
public class OutboxFormat {

	private final JsonMapper json;

	OutboxFormat(JsonMapper json) {
		this.json = json;
	}

	public String prettyJson(Map<String, Object> value) {
		return json.writerWithDefaultPrettyPrinter().writeValueAsString(value);
	}

	/** An event's status as a badge; a failed event is a dead letter. */
	public Badge status(EventStatus status) {
		return switch (status) {
			case PENDING, PROCESSING -> Badge.of(status, Tone.WARNING);
			case DELIVERED -> Badge.of(status, Tone.SUCCESS);
			case FAILED -> new Badge("dead letter", Tone.DANGER);
			case DISCARDED -> Badge.of(status, Tone.SECONDARY);
		};
	}

	/** A stored attempt's outcome as a badge. */
	public Badge attempt(Outcome outcome) {
		return Badge.of(outcome, switch (outcome) {
			case SUCCEEDED -> Tone.SUCCESS;
			case DEAD_LETTERED -> Tone.DANGER;
			case RETRIED, STALE -> Tone.WARNING;
		});
	}

	/** The simple name of an exception class, for narrow table columns. */
	public String shortClass(String className) {
		if (className == null) {
			return "";
		}
		int dot = className.lastIndexOf('.');
		return dot < 0 ? className : className.substring(dot + 1);
	}
}
