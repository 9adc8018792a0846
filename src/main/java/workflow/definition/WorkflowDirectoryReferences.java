package workflow.definition;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.springframework.stereotype.Component;

import platform.DirectoryReferences;

/** Tells the tenant administration where the workflow names users and groups. */
@Component
class WorkflowDirectoryReferences implements DirectoryReferences {

	private final DefinitionRepository definitions;
	private final OpenStages stages;
	private final ApproverAnnouncement approvers;

	WorkflowDirectoryReferences(DefinitionRepository definitions, OpenStages stages, ApproverAnnouncement approvers) {
		this.definitions = definitions;
		this.stages = stages;
		this.approvers = approvers;
	}

	/** Blocked stages check again once the change commits (through the outbox). */
	@Override
	public void approversAdded(String change) {
		approvers.announce(change);
	}

	@Override
	public void approversAdded(String change, Set<String> users, Set<String> groups) {
		approvers.announce(change, users, groups);
	}

	@Override
	public List<String> openAssignments(String username) {
		return stages.waitingOn(username);
	}

	@Override
	public List<String> groupReferences(String group) {
		return Stream.concat(definitions.stagesNaming(group).stream().map(s -> "definition " + s),
				stages.openNaming(group).stream()).toList();
	}
}
