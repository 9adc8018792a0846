package access;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * An access request as stored: what was asked under which catalog version, for whom, by whom,
 * how it is to be approved (the policy, the beneficiary's manager at submit, the group and its
 * quorum, the longest approval in days), where it is ({@code status}, the waiting {@code step}, the step's {@code approvals}) and
 * until when approved access lasts ({@code expiresAt}). {@code version} grows with every move.
 * {@code holdingId} is the holding its grants belong to once approved: its own id, or the holding
 * of the request it renews (null before approval).
 */
public record AccessRequest(UUID id, String packageKey, String packageName, int catalogVersion, List<String> grants,
		String beneficiary, UUID employeeId, String requestedBy, String justification, ApprovalPolicy policy,
		String manager, String group, int quorum, int maxDays, AccessRequestStatus status, int step, int approvals,
		Instant requestedUntil, Instant expiresAt, String exceptionReason, int version, Instant submittedAt,
		Instant decidedAt, Instant endedAt, UUID holdingId) {

	public AccessRequest {
		grants = List.copyOf(grants);
	}

	/**
	 * What the grants of the request's package name as their run and stage: its holding, which a
	 * renewal continues (the request's own id when it has none).
	 */
	public UUID holding() {
		return holdingId == null ? id : holdingId;
	}

	/** Whether the waiting step is the manager's (else the group's). */
	public boolean managerStep() {
		return policy.managerDecides(step);
	}

	/** How many approvals the waiting step needs. */
	public int required() {
		return managerStep() ? 1 : quorum;
	}
}
