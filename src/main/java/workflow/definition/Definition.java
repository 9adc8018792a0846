package workflow.definition;

import java.util.List;

/** A JML process definition of one tenant at its current {@code version}: its ordered stages. */
public record Definition(String key, String title, int version, List<DefinitionStage> stages) {

	public static final String JOINER = "joiner";
	public static final String MOVER = "mover";
	public static final String LEAVER = "leaver";

	/** The keys a tenant has (the templates of V30). */
	public static final List<String> KEYS = List.of(JOINER, MOVER, LEAVER);
}
