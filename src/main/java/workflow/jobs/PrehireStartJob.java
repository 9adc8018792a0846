package workflow.jobs;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.springframework.stereotype.Component;

import workflow.WorkflowProperties;
import workflow.start.RunRequests;

/**
 * Requests the start of joiner runs that waited for their pre-hire moment (see
 * {@code WORKFLOW_PREHIRE_LEAD_DAYS}); the run rows ({@code start_not_before},
 * {@code start_requested_at}) are the durable source, the start request's key makes it once.
 */
@Component
class PrehireStartJob extends TenantBatchJob<UUID> {

	static final String NAME = "workflow_prehire_start";

	private final TenantScans scans;
	private final RunRequests requests;
	private final int batchSize;

	PrehireStartJob(TenantScans scans, RunRequests requests, WorkflowProperties properties, Clock clock) {
		super(NAME, "requested the start of {} pre-hire run(s)", clock);
		this.scans = scans;
		this.requests = requests;
		this.batchSize = properties.jobs().batchSize();
	}

	@Override
	List<String> tenants(Instant now) {
		return scans.withDueStarts(now);
	}

	@Override
	List<UUID> due(String tenant, Instant now) {
		return requests.dueStarts(tenant, now, batchSize);
	}

	@Override
	void handle(String tenant, UUID runId, Instant now) {
		requests.startWaiting(tenant, runId);
	}
}
