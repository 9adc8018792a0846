package workflow;

import java.time.Duration;
import java.time.Instant;

/**
 * The tenant's last reconciliation round: when it ran, how many live runs it {@code checked}
 * against their executions, how many it {@code flagged} as needing attention (execution lost or
 * closed), how many it could not check ({@code unreachable}: Temporal did not answer), and whether
 * it got through every run due ({@code complete}; otherwise the next round goes on from there).
 */
public record ReconcileRound(Instant startedAt, Instant finishedAt, int checked, int flagged, int unreachable,
		boolean complete) {

	/** How long the round took. */
	public Duration took() {
		return Duration.between(startedAt, finishedAt);
	}
}
