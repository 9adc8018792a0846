package jobs.web;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Short, human-readable times for the console: "3 min ago", "in 45 s", "1.2 s", "every 1 h 30 min". */
final class HumanTime {

	private static final DateTimeFormatter ABSOLUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
		.withZone(ZoneOffset.UTC);

	private HumanTime() {
	}

	static String ago(Instant then, Instant now) {
		Duration age = Duration.between(then, now);
		return age.getSeconds() < 5 ? "just now" : coarse(age) + " ago";
	}

	static String until(Instant then, Instant now) {
		Duration left = Duration.between(now, then);
		return left.getSeconds() < 1 ? "due now" : "in " + coarse(left);
	}

	static String absolute(Instant instant) {
		return ABSOLUTE.format(instant);
	}

	/** A measured duration, precise for short runs. */
	static String elapsed(Duration duration) {
		long millis = duration.toMillis();
		if (millis < 1000) {
			return millis + " ms";
		}
		if (millis < 60_000) {
			return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
		}
		return span(duration);
	}

	/** A configured duration such as an interval: "30 s", "5 min", "1 h 30 min". */
	static String span(Duration duration) {
		long seconds = duration.getSeconds();
		long hours = seconds / 3600;
		long minutes = seconds % 3600 / 60;
		long rest = seconds % 60;
		StringBuilder text = new StringBuilder();
		append(text, hours, "h");
		append(text, minutes, "min");
		append(text, rest, "s");
		return text.length() == 0 ? duration.toMillis() + " ms" : text.toString();
	}

	// one unit, rounded down: a relative time need not be exact
	private static String coarse(Duration duration) {
		long seconds = Math.max(0, duration.getSeconds());
		if (seconds < 60) {
			return seconds + " s";
		}
		if (seconds < 3600) {
			return seconds / 60 + " min";
		}
		if (seconds < 86_400) {
			return seconds / 3600 + " h";
		}
		return seconds / 86_400 + " d";
	}

	private static void append(StringBuilder text, long amount, String unit) {
		if (amount > 0) {
			text.append(text.length() == 0 ? "" : " ").append(amount).append(' ').append(unit);
		}
	}
}
