package workflow.web;

import org.springframework.stereotype.Component;

import platform.Badge;
import platform.Badge.Tone;
import workflow.HrWorkItem;
import workflow.RunStatus;
import workflow.StageStatus;

/** The workflow's statuses as badges ({@code ${@statusBadge.work(...)}} in templates). */
@Component("statusBadge")
public class StatusBadge {

	/** The badge of a run's status. */
	public static Badge of(RunStatus status) {
		Tone tone = switch (status) {
			case COMPLETED -> Tone.SUCCESS;
			case REJECTED, START_FAILED, NEEDS_ATTENTION -> Tone.DANGER;
			case RUNNING -> Tone.PRIMARY;
			case RETURNED -> Tone.WARNING;
			case REQUESTED, WITHDRAWN -> Tone.SECONDARY;
		};
		return Badge.of(status, tone);
	}

	/** The badge of a stage's status, quiet beside the run's. */
	public Badge stage(StageStatus status) {
		return Badge.of(status, Tone.LIGHT);
	}

	/** Why a run is in HR's queue, as a badge. */
	public Badge work(HrWorkItem.Kind kind) {
		return switch (kind) {
			case RETURNED -> new Badge("returned", Tone.WARNING);
			case BLOCKED -> new Badge("blocked: no approvers", Tone.DANGER);
			case START_FAILED -> new Badge("start failed", Tone.DANGER);
		};
	}
}
