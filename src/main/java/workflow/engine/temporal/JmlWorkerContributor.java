package workflow.engine.temporal;

import org.springframework.stereotype.Component;

import io.temporal.worker.Worker;
import platform.TemporalWorkerContributor;

/** Registers the JML workflow and its activities on the platform's worker (worker role only). */
@Component
class JmlWorkerContributor implements TemporalWorkerContributor {

	private final JmlActivities activities;

	JmlWorkerContributor(JmlActivities activities) {
		this.activities = activities;
	}

	@Override
	public void contribute(Worker worker) {
		worker.registerWorkflowImplementationTypes(JmlWorkflowImpl.class);
		worker.registerActivitiesImplementations(activities);
	}
}
