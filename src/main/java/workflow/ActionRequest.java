package workflow;

import java.util.UUID;

/** What a user asks for; {@code stageId} is required for decisions, optional otherwise. */
public record ActionRequest(ActionKind action, UUID stageId, String comment, String idempotencyKey) {
}
