package workflow;

import java.util.UUID;

/**
 * What a user asks for. {@code stageId}, when given, must be the run's current stage (else the
 * request is stale); a decision without one is about the current stage.
 */
public record ActionRequest(ActionKind action, UUID stageId, String comment, String idempotencyKey) {
}
