package workflow.definition;

import java.util.List;

/** A JML process definition of one tenant: its ordered stages. */
public record Definition(String key, String title, List<DefinitionStage> stages) {

	public static final String JOINER = "joiner";
	public static final String MOVER = "mover";
	public static final String LEAVER = "leaver";
}
