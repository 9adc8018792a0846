package workflow.web;

import java.util.Locale;
import java.util.UUID;

import workflow.ActionKind;
import workflow.Run;
import workflow.RunDetail;
import workflow.Stage;

/**
 * What the console says after a user's action on a run: the action, the stage by its title and
 * the employee by name, and what happens next, so the person sees what they did (issue 35: closure).
 * The workflow applies the action asynchronously, so the message says it was recorded, not done.
 */
final class ActionClosure {

	private ActionClosure() {
	}

	static String message(ActionKind kind, RunDetail detail, UUID stageId) {
		Run run = detail.run();
		String whose = run.employeeName() + "’s " + run.definitionTitle().toLowerCase(Locale.ROOT);
		String stage = stageTitle(detail, stageId);
		return switch (kind) {
			case APPROVE -> "You approved " + stage + " for " + whose + ".";
			case REJECT -> "You rejected " + whose + " at " + stage
					+ ": the run ends and what earlier stages granted is taken back.";
			case RETURN -> "You returned " + whose + " to HR at " + stage + ": HR edits it and resubmits it to this stage.";
			case RESUBMIT -> "You resubmitted " + whose + ": it goes back to " + stage + ".";
			case WITHDRAW -> "You withdrew " + whose + ": the run ends and what earlier stages granted is taken back.";
		};
	}

	/** The stage the action was on, else the run's current one, by title. */
	private static String stageTitle(RunDetail detail, UUID stageId) {
		String title = stageId == null ? "" : detail.stageTitle(stageId);
		if (!title.isEmpty()) {
			return title;
		}
		Stage current = detail.currentStage();
		return current == null ? "its stage" : current.title();
	}
}
