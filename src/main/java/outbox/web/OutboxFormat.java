package outbox.web;

import java.util.Map;

import org.springframework.stereotype.Component;

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

	/** The simple name of an exception class, for narrow table columns. */
	public String shortClass(String className) {
		if (className == null) {
			return "";
		}
		int dot = className.lastIndexOf('.');
		return dot < 0 ? className : className.substring(dot + 1);
	}
}
