package platform;

import io.temporal.worker.Worker;

/**
 * The platform worker SPI: a module registers its workflow and activity implementations on the
 * shared task-queue worker. Only worker-role instances start the worker.
 */
public interface TemporalWorkerContributor {

	void contribute(Worker worker);
}
