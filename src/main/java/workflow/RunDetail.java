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
}
