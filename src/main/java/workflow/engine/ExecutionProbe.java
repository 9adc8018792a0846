package workflow.engine;

/**
 * The one question the workflow module asks the engine, for the reconciliation job only (pages
 * and the API read the projection, never the engine): is the execution of a run the projection
 * thinks is live still running? Throws {@link OrchestratorException} when the engine cannot be
 * asked.
 */
public interface ExecutionProbe {

	ExecutionState state(String workflowId);

	/** What the engine knows of an execution. */
	record ExecutionState(Kind kind, String executionId, String detail) {

		public enum Kind {
			RUNNING,
			/** Completed, failed, terminated, timed out or cancelled ({@code detail} says which). */
			CLOSED,
			/** The engine has no such execution (its history was lost, or it never existed). */
			MISSING
		}
	}
}
