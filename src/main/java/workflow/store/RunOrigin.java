package workflow.store;

import java.util.UUID;
import outbox.catalog.RunDefinition;

/** Who a run is for, of which definition, and the idempotency key of the HR event that asked for it. */
public record RunOrigin(UUID employeeId, RunDefinition definition, String sourceEventKey) {
}
