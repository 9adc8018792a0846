package workflow.definition;

import java.util.List;

/**
 * What the directory references need to know about the stages of open runs; the store answers
 * it, so that definitions do not depend on the run tables (which depend on definitions).
 */
public interface OpenStages {

	/**
	 * Stages waiting for {@code username}: active, or blocked (stranded, perhaps by this user being
	 * disabled), as "run of <employee>: stage <title>".
	 */
	List<String> waitingOn(String username);

	/** Stages not yet decided of open runs assigned to {@code group}. */
	List<String> openNaming(String group);
}
