package access;

import java.util.Set;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/**
 * Where an access request is: {@code submitted} until its last step is approved (or it is
 * rejected or cancelled); an approval lasts until it {@code expired} or is {@code revoked}. Each
 * status says which it may move to; every move is checked here before it is written.
 */
public enum AccessRequestStatus implements LowerCaseName {

	SUBMITTED, APPROVED, REJECTED, CANCELLED, EXPIRED, REVOKED;

	/** Whether a request in this status may move to {@code next}. */
	public boolean canTransitionTo(AccessRequestStatus next) {
		return switch (this) {
			case SUBMITTED -> Set.of(APPROVED, REJECTED, CANCELLED).contains(next);
			case APPROVED -> next == EXPIRED || next == REVOKED;
			case REJECTED, CANCELLED, EXPIRED, REVOKED -> false;
		};
	}

	/** Whether the request is over (nothing may move it any more). */
	public boolean ended() {
		return this != SUBMITTED && this != APPROVED;
	}

	@JsonCreator
	public static AccessRequestStatus of(String value) {
		return LowerCaseName.parse(AccessRequestStatus.class, value);
	}
}
