package workflow.queries;

import java.util.List;
import java.util.UUID;

import org.springframework.context.annotation.Fallback;
import org.springframework.stereotype.Component;

import outbox.catalog.GrantRecorded;
import workflow.GrantPlan;
import workflow.GrantPlans;

/** The default {@link GrantPlans} when no module plans grants: no plans, so the pages show none. */
@Component
@Fallback
class NoGrantPlans implements GrantPlans {

	@Override
	public List<GrantPlan> plan(String tenantId, List<String> grants, UUID employeeId, GrantRecorded.Employee employee) {
		return List.of();
	}
}
