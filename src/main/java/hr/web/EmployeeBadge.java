package hr.web;

import org.springframework.stereotype.Component;

import hr.EmployeeRun;
import hr.EmployeeStatus;
import platform.Badge;
import platform.Badge.Tone;

/** An employee's status as a badge ({@code ${@employeeBadge.of(...)}} in templates): "pre-hire", "access-ending". */
@Component("employeeBadge")
public class EmployeeBadge {

	public Badge of(EmployeeStatus status) {
		Tone tone = switch (status) {
			case ACTIVE -> Tone.SUCCESS;
			case PRE_HIRE, PENDING_START -> Tone.INFO;
			case LEAVING, ACCESS_ENDING -> Tone.WARNING;
			case CANCELLED, LEFT -> Tone.SECONDARY;
		};
		return new Badge(status.value().replace('_', '-'), tone);
	}

	/** A run HR asked for: open, or how it ended. */
	public Badge run(EmployeeRun run) {
		return run.open() ? new Badge("open", Tone.INFO) : Badge.of(run.outcome(), Tone.LIGHT);
	}
}
