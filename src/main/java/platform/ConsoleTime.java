package platform;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import org.springframework.stereotype.Component;

/**
 * The console's one way to show times, for every page ({@code ${@times.when(x)}}) and page model.
 * The rule: a moment reads absolute with a relative hint, <q>15 Dec 2026, 10:04 UTC · 2 min ago</q>
 * ({@link #when}); where the hint does not fit (a title, a table cell of many) the absolute part
 * alone ({@link #at}); a calendar date "15 Dec 2026" ({@link #date}); a {@code <time datetime>}
 * attribute takes {@link #iso} (whole seconds, valid HTML). Users have no time zone of their own
 * yet, so every time is UTC. Relative parts are coarse ("just now", "42 s ago", "in 5 h"),
 * configured durations exact ("1 h 30 min"), measured ones precise for short spans ("6 ms",
 * "1.3 s"). Relative times read the application {@link Clock}.
 */
@Component("times")
public class ConsoleTime {

	private static final DateTimeFormatter ABSOLUTE = DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm 'UTC'", Locale.ENGLISH)
		.withZone(ZoneOffset.UTC);

	private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("d MMM yyyy", Locale.ENGLISH);

	/** A valid HTML global date and time string: UTC, whole seconds (no nanoseconds). */
	private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'")
		.withZone(ZoneOffset.UTC);

	private final Clock clock;

	public ConsoleTime(Clock clock) {
		this.clock = clock;
	}

	public String at(Instant instant) {
		return instant == null ? "" : ABSOLUTE.format(instant);
	}

	public String at(OffsetDateTime time) {
		return time == null ? "" : at(time.toInstant());
	}

	/** The console's way to show a moment: <q>15 Dec 2026, 10:04 UTC · 2 min ago</q>. */
	public String when(Instant instant) {
		return instant == null ? "" : at(instant) + " · " + ago(instant);
	}

	public String when(OffsetDateTime time) {
		return time == null ? "" : when(time.toInstant());
	}

	/** A calendar date: "15 Dec 2026". */
	public String date(LocalDate date) {
		return date == null ? "" : DATE.format(date);
	}

	/** The {@code datetime} attribute of a {@code <time>}: "2026-12-15T10:04:05Z". */
	public String iso(Instant instant) {
		return instant == null ? null : ISO.format(instant);
	}

	public String iso(OffsetDateTime time) {
		return time == null ? null : iso(time.toInstant());
	}

	/** "just now", "42 s ago", "3 min ago", "5 h ago", "2 d ago"; a future time reads "in …". */
	public String ago(Instant then) {
		if (then == null) {
			return "";
		}
		Duration age = Duration.between(then, clock.instant());
		if (age.isNegative()) {
			return "in " + coarse(age.negated());
		}
		return age.getSeconds() < 5 ? "just now" : coarse(age) + " ago";
	}

	public String ago(OffsetDateTime time) {
		return time == null ? "" : ago(time.toInstant());
	}

	/** "in 58 s", "in 59 min"; "due now" once the time has come. */
	public String until(Instant then) {
		if (then == null) {
			return "";
		}
		Duration left = Duration.between(clock.instant(), then);
		return left.getSeconds() < 1 ? "due now" : "in " + coarse(left);
	}

	/** A configured duration such as an interval: "30 s", "5 min", "1 h 30 min". */
	public String span(Duration duration) {
		long seconds = duration.getSeconds();
		StringBuilder text = new StringBuilder();
		append(text, seconds / 86_400, "d");
		append(text, seconds % 86_400 / 3600, "h");
		append(text, seconds % 3600 / 60, "min");
		append(text, seconds % 60, "s");
		return text.length() == 0 ? duration.toMillis() + " ms" : text.toString();
	}

	/** A span given in seconds (e.g. an event's age), as {@link #span}; a dash for none. */
	public String seconds(Double seconds) {
		return seconds == null ? "–" : span(Duration.ofSeconds(Math.round(seconds)));
	}

	/** A measured duration, precise for short runs: "6 ms", "1.3 s", then as {@link #span}. */
	public String elapsed(Duration duration) {
		long millis = duration.toMillis();
		if (millis < 1000) {
			return millis + " ms";
		}
		if (millis < 60_000) {
			return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
		}
		return span(duration);
	}

	/**
	 * A measured time in its two largest units, rounded down: "2 d 4 h", "3 h 20 min", "45 min",
	 * "30 s"; a dash for none.
	 */
	public String duration(Duration duration) {
		if (duration == null) {
			return "–";
		}
		long seconds = Math.max(0, duration.getSeconds());
		if (seconds < 60) {
			return seconds + " s";
		}
		StringBuilder text = new StringBuilder();
		if (seconds >= 86_400) {
			append(text, seconds / 86_400, "d");
			append(text, seconds % 86_400 / 3600, "h");
		}
		else if (seconds >= 3600) {
			append(text, seconds / 3600, "h");
			append(text, seconds % 3600 / 60, "min");
		}
		else {
			append(text, seconds / 60, "min");
		}
		return text.toString();
	}

	/** One unit, rounded down: "42 s", "3 min", "5 h", "2 d"; a relative time need not be exact. */
	public String coarse(Duration duration) {
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
