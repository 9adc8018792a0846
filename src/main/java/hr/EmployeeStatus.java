package hr;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/**
 * Lifecycle of an employee. The outcomes of
 * the employee's runs move it on: a completed joiner makes a {@code PRE_HIRE} employee
 * {@code PENDING_START} (or {@code ACTIVE} at once when the start date has come; the activation
 * job does it on the start date), a rejected joiner makes it {@code CANCELLED}. Offboarding makes
 * it {@code LEAVING} until its leaver run completes; HR may cancel the offboarding while it is
 * {@code LEAVING}. Then its access is ending ({@code ACCESS_ENDING}: the directories take it away
 * at the end of the last day) until provisioning reports the revocation applied: {@code LEFT}.
 */
public enum EmployeeStatus implements LowerCaseName {

	PRE_HIRE, PENDING_START, ACTIVE, CANCELLED, LEAVING, ACCESS_ENDING, LEFT;

	/** The statuses as their JSON values, for messages and filters. */
	public static final List<String> VALUES = LowerCaseName.values(EmployeeStatus.class);

	/** Offboarded, or a hire that will not happen: no transfer, no second offboarding. */
	public boolean leavingOrGone() {
		return this == LEAVING || this == ACCESS_ENDING || this == LEFT || this == CANCELLED;
	}

	@JsonCreator
	public static EmployeeStatus of(String value) {
		return LowerCaseName.parse(EmployeeStatus.class, value);
	}
}
