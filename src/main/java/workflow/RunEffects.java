package workflow;

import java.util.List;
import java.util.UUID;

/**
 * A port workflow declares and the module that applies grants implements: the effects of a run's
 * grants in the directories, read synchronously for the run page, the run API and the admin's
 * needs-attention page. Workflow never reads another module's tables or classes; the implementer
 * depends on workflow, not the other way round (no module cycle). Without an implementation the
 * runs have no effects to show.
 */
public interface RunEffects {

	/** The run's effects in the order they apply. */
	List<RunEffect> ofRun(String tenantId, UUID runId);

	/** The tenant's effects that failed for good (retry budget spent), newest first, at most {@code limit}. */
	List<FailedEffect> failed(String tenantId, int limit);

	/** How many of the tenant's effects failed for good, counted up to {@code cap}. */
	int failedCount(String tenantId, int cap);

	/** A failed effect with the run and the employee it belongs to. */
	record FailedEffect(RunEffect effect, UUID runId, UUID employeeId, String employeeName) {
	}
}
