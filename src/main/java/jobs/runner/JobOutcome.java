package jobs.runner;

/** How one invocation ended; {@link #label()} is the metrics and API value. */
public enum JobOutcome {

	SUCCEEDED("succeeded"), FAILED("failed"), TIMED_OUT("timed_out");

	private final String label;

	JobOutcome(String label) {
		this.label = label;
	}

	public String label() {
		return label;
	}

	/** The outcome whose {@link #label()} is {@code label}. */
	public static JobOutcome of(String label) {
		for (JobOutcome outcome : values()) {
			if (outcome.label.equals(label)) {
				return outcome;
			}
		}
		throw new IllegalArgumentException("No job outcome " + label);
	}
}
