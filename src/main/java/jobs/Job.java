package jobs;

/**
 * The job SPI: a module contributes a job as a bean. The jobs assembly builds one runner per job
 * in the worker role (and only with dispatch enabled), with interval and timeout from
 * {@code jmlhub.jobs.<name>.interval|timeout} (a job without its own settings uses
 * {@code jmlhub.jobs.defaults.*}). {@link #run()} must be safe to cancel (it is
 * interrupted on timeout), read its work from a durable source, be idempotent, and classify
 * failures per item so one bad row does not block the rest.
 */
public interface Job {

	/**
	 * Stable lower_snake_case name, also the configuration key and the metrics label; a name
	 * no module declares in a {@link JobNames} bean is recorded as {@code unknown}.
	 */
	String name();

	void run() throws Exception;
}
