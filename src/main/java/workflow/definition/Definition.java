package workflow.definition;

import java.util.List;

/**
 * A JML process definition of one tenant at its current {@code version}: its ordered stages, and
 * whether the HR user who asked for a run may approve it ({@code requesterMayApprove}, off unless
 * an admin allowed it: separation of duties).
 */
public record Definition(String key, String title, int version, List<DefinitionStage> stages, boolean requesterMayApprove) {

	public static final String JOINER = "joiner";
	public static final String MOVER = "mover";
	public static final String LEAVER = "leaver";

	/** The keys a tenant has (the templates of V30). */
	public static final List<String> KEYS = List.of(JOINER, MOVER, LEAVER);
}
