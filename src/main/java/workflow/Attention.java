package workflow;

import java.time.Instant;

/**
 * Why a run needs attention: {@code reason}, {@code since} when, and what was {@code tried}
 * already (the signal attempts, the execution state the reconciliation found).
 */
public record Attention(String reason, Instant since, String tried) {
}
