package outbox.dispatch;

/** The {@code outcome} label of {@code outbox_dispatch_total}. */
public enum Outcome {

	SUCCEEDED("succeeded"), RETRIED("retried"), DEAD_LETTERED("dead_lettered"),
	/** A completion by a worker that had lost its claim: it changed nothing. */
	STALE("stale");

	private final String label;

	Outcome(String label) {
		this.label = label;
	}

	public String label() {
		return label;
	}
}
