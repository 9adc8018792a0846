package workflow.engine;

/** A start or signal that did not go through, classified so callers know whether to retry. */
public class OrchestratorException extends RuntimeException {

	public enum Kind {
		/** Transport or availability trouble: retrying may help. */
		TRANSIENT,
		/** The request cannot succeed, whatever the retries. */
		PERMANENT,
		/** Signal only: the run's process is not running (finished, or never started). */
		NOT_RUNNING
	}

	private final Kind kind;

	public OrchestratorException(Kind kind, String message, Throwable cause) {
		super(message, cause);
		this.kind = kind;
	}

	public Kind kind() {
		return kind;
	}
}
