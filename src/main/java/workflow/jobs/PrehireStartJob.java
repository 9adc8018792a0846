package workflow.jobs;

import java.time.Instant;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import jobs.Job;
import workflow.WorkflowProperties;
import workflow.start.RunRequests;

/**
 * Requests the start of joiner runs that waited for their pre-hire moment (see
 * {@code WORKFLOW_PREHIRE_LEAD_DAYS}); the run rows ({@code start_not_before},
 * {@code start_requested_at}) are the durable source, the start request's key makes it once.
 */
@Component
class PrehireStartJob implements Job {

	static final String NAME = "workflow_prehire_start";
	private static final Logger log = LoggerFactory.getLogger(PrehireStartJob.class);

	private final TenantScans scans;
	private final RunRequests requests;
	private final int batchSize;

	PrehireStartJob(TenantScans scans, RunRequests requests, WorkflowProperties properties) {
		this.scans = scans;
		this.requests = requests;
		this.batchSize = properties.jobs().batchSize();
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run() {
		Instant now = Instant.now();
		int started = TenantBatch.<UUID>forEach(log, NAME, scans.withDueStarts(now),
				tenant -> requests.dueStarts(tenant, now, batchSize), requests::startWaiting);
		if (started > 0) {
			log.info("{}: requested the start of {} pre-hire run(s)", NAME, started);
		}
	}
}
