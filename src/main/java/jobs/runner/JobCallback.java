package jobs.runner;

/** The work of one invocation; it is interrupted when it exceeds the runner's timeout. */
@FunctionalInterface
public interface JobCallback {

	void run() throws Exception;
}
