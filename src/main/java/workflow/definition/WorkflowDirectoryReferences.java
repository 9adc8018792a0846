package workflow.definition;

import java.util.List;
import java.util.stream.Stream;

import org.springframework.stereotype.Component;

import platform.DirectoryReferences;

/** Tells the tenant administration where the workflow names users and groups. */
@Component
class WorkflowDirectoryReferences implements DirectoryReferences {

	private final DefinitionRepository definitions;
	private final OpenStages stages;

	WorkflowDirectoryReferences(DefinitionRepository definitions, OpenStages stages) {
		this.definitions = definitions;
		this.stages = stages;
	}

	@Override
	public List<String> openAssignments(String username) {
		return stages.activeAssignedTo(username);
	}

	@Override
	public List<String> groupReferences(String group) {
		return Stream.concat(definitions.stagesNaming(group).stream().map(s -> "definition " + s),
				stages.openNaming(group).stream()).toList();
	}
}
