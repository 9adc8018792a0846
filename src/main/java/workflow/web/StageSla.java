package workflow.web;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import org.springframework.stereotype.Component;

import platform.ConsoleTime;
import workflow.Stage;

/**
 * The SLA of an active stage as the workflow pages show it ({@code ${@stageSla.sla(...)}}): "due
 * in 5 h", "overdue by 2 d". Times themselves go through the platform's {@code ${@times...}}.
 */
@Component("stageSla")
public class StageSla {

	private final Clock clock;
	private final ConsoleTime times;

	StageSla(Clock clock, ConsoleTime times) {
		this.clock = clock;
		this.times = times;
	}

	/** The SLA state of a stage activated at {@code activatedAt} with {@code slaHours}. */
	public String sla(Instant activatedAt, Integer slaHours) {
		Instant due = Stage.dueAt(activatedAt, slaHours);
		if (due == null) {
			return "no SLA";
		}
		Duration left = Duration.between(clock.instant(), due);
		return left.isNegative() ? "overdue by " + times.coarse(left.negated()) : "due in " + times.coarse(left);
	}

	/** The colour of an SLA chip: red once the stage is past its deadline. */
	static String chipCss(boolean overdue) {
		return overdue ? "text-bg-danger" : "text-bg-light border";
	}

	public boolean overdue(Instant activatedAt, Integer slaHours) {
		Instant due = Stage.dueAt(activatedAt, slaHours);
		return due != null && due.isBefore(clock.instant());
	}
}
