package workflow;

import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** A run with its stage timeline, action history and grants. */
public record RunDetail(@JsonUnwrapped Run run, List<Stage> stages, List<Action> actions, List<Grant> grants) {

	public Stage currentStage() {
		return stages.stream().filter(stage -> stage.id().equals(run.currentStageId())).findFirst().orElse(null);
	}

	public String stageTitle(UUID stageId) {
		return stages.stream().filter(stage -> stage.id().equals(stageId)).map(Stage::title).findFirst().orElse("");
	}

	/** Whether the decisions/actions recorded so far are all settled by the workflow. */
	public boolean settled() {
		return actions.stream().allMatch(Action::settled);
	}

	/**
	 * Whether an action is on its way to the workflow, which has yet to apply it: the run may change
	 * at any moment (an undeliverable one waits for a repair instead, not for the workflow).
	 */
	public boolean actionPending() {
		return actions.stream().anyMatch(action -> !action.settled() && !action.undeliverable());
	}
}
