package access;

import java.time.Instant;

/**
 * One move of a request, its evidence: {@code decision} (submit, approve, reject, cancel, expire,
 * revoke) by {@code actor} at {@code step}, for {@code actingFor} when a delegate decided, with its
 * reason, from and to which status.
 */
public record AccessDecision(int step, String decision, String actor, String actingFor, String reason,
		AccessRequestStatus from, AccessRequestStatus to, Instant decidedAt) {
}
