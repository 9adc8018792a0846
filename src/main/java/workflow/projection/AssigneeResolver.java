package workflow.projection;

import java.util.List;
import java.util.Optional;

import org.springframework.stereotype.Component;

import platform.Role;
import platform.UserDirectory;
import platform.UserDirectory.DirectoryUser;
import workflow.Run;
import workflow.Stage;
import workflow.definition.DefinitionStage;

/**
 * Who may decide a stage: enabled APPROVERs of the stage's group, or the employee's manager
 * (group {@code managers} when the employee has none, or the manager is not an eligible
 * approver), never the employee's own user (recognised by the work email). Call inside the
 * run's tenant unit of work.
 */
@Component
class AssigneeResolver {

	static final String MANAGERS_GROUP = "managers";

	private final UserDirectory directory;

	AssigneeResolver(UserDirectory directory) {
		this.directory = directory;
	}

	List<String> eligibleApprovers(Run run, Stage stage) {
		if (DefinitionStage.EMPLOYEE_MANAGER.equals(stage.assignee()) && run.manager() != null) {
			List<String> manager = eligible(run, List.of(run.manager()));
			if (!manager.isEmpty()) {
				return manager;
			}
		}
		return eligible(run, directory.groupMembers(group(stage)));
	}

	/** Notify stages inform whoever is in the group; an empty group does not block them. */
	List<String> recipients(Stage stage) {
		return directory.groupMembers(group(stage));
	}

	/** What a notify stage whose group has no members says: it completed without informing anyone. */
	String nobodyToNotify(Stage stage) {
		return "nobody was notified: group '%s' has no members".formatted(group(stage));
	}

	/** Why a stage with these eligible approvers cannot be activated. */
	String blockedReason(Stage stage, List<String> eligible) {
		return "group '%s' has %d eligible approver(s), %d required".formatted(group(stage), eligible.size(),
				stage.requiredApprovals());
	}

	private static String group(Stage stage) {
		return DefinitionStage.EMPLOYEE_MANAGER.equals(stage.assignee()) ? MANAGERS_GROUP : stage.assignee();
	}

	private List<String> eligible(Run run, List<String> usernames) {
		return usernames.stream()
			.map(directory::find)
			.flatMap(Optional::stream)
			.filter(user -> user.hasRole(Role.APPROVER))
			.filter(user -> !isEmployee(run, user))
			.map(DirectoryUser::username)
			.sorted()
			.toList();
	}

	private static boolean isEmployee(Run run, DirectoryUser user) {
		return run.employeeEmail() != null && user.email() != null && run.employeeEmail().equalsIgnoreCase(user.email());
	}
}
