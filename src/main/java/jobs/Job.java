package jobs;

/**
 * The job SPI: a module contributes a job as a bean. The jobs assembly builds one runner per job
 * in the worker role (and only with dispatch enabled), with interval and timeout from
 * {@code jmlhub.jobs.<name>.interval|timeout}. {@link #run()} must be safe to cancel (it is
 * interrupted on timeout), read its work from a durable source, be idempotent, and classify
 * failures per item so one bad row does not block the rest.
 */
public interface Job {

	/** Stable name, also the metrics label; see {@code JobMetrics} for the closed label set. */
	String name();

	void run() throws Exception;
}
