package workflow.web;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import org.springframework.stereotype.Component;

import workflow.Stage;

/** Human-readable times for the workflow pages ({@code ${@workflowTimes.ago(x)}}), relative to the platform clock. */
@Component("workflowTimes")
public class ConsoleTimes {

	private static final DateTimeFormatter AT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

	private final Clock clock;

	ConsoleTimes(Clock clock) {
		this.clock = clock;
	}

	public String at(Instant instant) {
		return instant == null ? "" : AT.format(instant);
	}

	/** "5 min ago", "3 h ago", "2 d ago". */
	public String ago(Instant instant) {
		return instant == null ? "" : span(Duration.between(instant, clock.instant())) + " ago";
	}

	/** The SLA state of a stage activated at {@code activatedAt} with {@code slaHours}. */
	public String sla(Instant activatedAt, Integer slaHours) {
		Instant due = Stage.dueAt(activatedAt, slaHours);
		if (due == null) {
			return "no SLA";
		}
		Duration left = Duration.between(clock.instant(), due);
		return left.isNegative() ? "overdue by " + span(left.negated()) : "due in " + span(left);
	}

	public boolean overdue(Instant activatedAt, Integer slaHours) {
		Instant due = Stage.dueAt(activatedAt, slaHours);
		return due != null && due.isBefore(clock.instant());
	}

	static String span(Duration duration) {
		long minutes = Math.max(0, duration.toMinutes());
		if (minutes < 1) {
			return "less than a minute";
		}
		if (minutes < 60) {
			return minutes + " min";
		}
		if (minutes < 48 * 60) {
			return minutes / 60 + " h";
		}
		return minutes / (24 * 60) + " d";
	}
}
