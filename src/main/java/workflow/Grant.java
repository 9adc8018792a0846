package workflow;

import java.time.Instant;
import java.util.UUID;

/** What an approved stage gave, and whether (and in which step) compensation undid it. */
public record Grant(UUID id, UUID runId, UUID stageId, String name, String status, Instant grantedAt,
		Instant compensatedAt, String compensationReason, Integer compensationStep) {

	public static final String GRANTED = "granted";
	public static final String COMPENSATED = "compensated";
}
