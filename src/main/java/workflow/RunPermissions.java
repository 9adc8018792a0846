package workflow;

import java.util.LinkedHashSet;
import java.util.Set;

import platform.AppUser;
import platform.Role;
import workflow.queries.RunQueries.RunDetail;

/**
 * Which actions a user may take on a run right now: the console shows only these buttons. The
 * same rules are enforced for every request by {@link RunActions}; this only mirrors them.
 */
public final class RunPermissions {

	private RunPermissions() {
	}

	public static Set<String> allowedActions(AppUser user, RunDetail detail) {
		Set<String> allowed = new LinkedHashSet<>();
		Run run = detail.run();
		if (run.finished()) {
			return allowed;
		}
		Stage stage = detail.currentStage();
		if (user.hasRole(Role.APPROVER) && Run.RUNNING.equals(run.status()) && stage != null
				&& Stage.ACTIVE.equals(stage.status()) && stage.assignees().contains(user.getUsername())
				&& detail.actions().stream().noneMatch(action -> stage.id().equals(action.stageId())
						&& Integer.valueOf(stage.round()).equals(action.round())
						&& user.getUsername().equals(action.actor()) && Action.DECISIONS.contains(action.action()))) {
			allowed.add(Action.APPROVE);
			allowed.add(Action.REJECT);
			allowed.add(Action.RETURN);
		}
		if (user.hasRole(Role.HR)) {
			if (Run.RETURNED.equals(run.status())) {
				allowed.add(Action.RESUBMIT);
			}
			allowed.add(Action.WITHDRAW);
		}
		return allowed;
	}
}
