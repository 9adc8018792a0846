package workflow;

import java.time.Instant;
import java.util.UUID;

import outbox.catalog.GrantState;

/** What an approved stage gave, and whether (and in which step) compensation undid it. */
public record Grant(UUID id, UUID runId, UUID stageId, String name, GrantState status, Instant grantedAt,
		Instant compensatedAt, String compensationReason, Integer compensationStep) {
}
