package workflow;

import java.time.Instant;
import java.util.UUID;

/** What an approved stage gave, and whether (and in which step) compensation undid it. */
public record Grant(UUID id, UUID runId, UUID stageId, String name, GrantStatus status, Instant grantedAt,
		Instant compensatedAt, String compensationReason, Integer compensationStep) {
}
