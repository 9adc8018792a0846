package platform;

/**
 * A configuration the application will not run with. {@code platform.mode.StartupRefusedFailureAnalyzer} turns
 * it into the one startup message: what is wrong and what to set, without a stack trace.
 */
public class StartupRefusedException extends RuntimeException {

	private final String action;

	public StartupRefusedException(String problem, String action) {
		super(problem);
		this.action = action;
	}

	public StartupRefusedException(String problem, String action, Throwable cause) {
		super(problem, cause);
		this.action = action;
	}

	public String problem() {
		return getMessage();
	}

	public String action() {
		return action;
	}
}
