package workflow.store;

import java.util.UUID;

/** Who a run is for, of which definition, and the idempotency key of the HR event that asked for it. */
public record RunOrigin(UUID employeeId, String definitionKey, String sourceEventKey) {
}
