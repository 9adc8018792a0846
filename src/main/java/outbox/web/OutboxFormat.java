package outbox.web;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;

import org.springframework.stereotype.Component;

import tools.jackson.databind.json.JsonMapper;

/** Human-readable values for the outbox pages ({@code ${@outboxFormat...}} in the templates). */
@Component("outboxFormat")
public class OutboxFormat {

	private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'");

	private final JsonMapper json;

	OutboxFormat(JsonMapper json) {
		this.json = json;
	}

	/** "just now", "42 s ago", "5 min ago", "3 h ago", "2 d ago". */
	public String ago(OffsetDateTime time) {
		if (time == null) {
			return "";
		}
		Duration age = Duration.between(time, OffsetDateTime.now());
		return age.isNegative() ? "in " + span(age.negated().getSeconds()) : age.getSeconds() < 2 ? "just now"
				: span(age.getSeconds()) + " ago";
	}

	/** A span given in seconds, e.g. "3 min 12 s"; a dash for none. */
	public String seconds(Double seconds) {
		return seconds == null ? "–" : span(Math.round(seconds));
	}

	public String timestamp(OffsetDateTime time) {
		return time == null ? "" : TIMESTAMP.format(time.withOffsetSameInstant(ZoneOffset.UTC));
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

	private static String span(long seconds) {
		if (seconds < 60) {
			return seconds + " s";
		}
		if (seconds < 3600) {
			return seconds / 60 + " min" + (seconds % 60 == 0 ? "" : " " + seconds % 60 + " s");
		}
		if (seconds < 86_400) {
			return seconds / 3600 + " h" + (seconds % 3600 / 60 == 0 ? "" : " " + seconds % 3600 / 60 + " min");
		}
		return seconds / 86_400 + " d" + (seconds % 86_400 / 3600 == 0 ? "" : " " + seconds % 86_400 / 3600 + " h");
	}
}
