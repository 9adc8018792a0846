package access;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/**
 * Who approves a package's requests: the beneficiary's manager (as HR records them), a group with
 * a quorum, or the manager and then the group. At most two steps.
 */
public enum ApprovalPolicy implements LowerCaseName {

	MANAGER, GROUP, MANAGER_THEN_GROUP;

	/** How many steps a request under this policy goes through. */
	public int steps() {
		return this == MANAGER_THEN_GROUP ? 2 : 1;
	}

	/** Whether step {@code step} (1 or 2) is the manager's. */
	public boolean managerDecides(int step) {
		return this == MANAGER || (this == MANAGER_THEN_GROUP && step == 1);
	}

	@JsonCreator
	public static ApprovalPolicy of(String value) {
		return LowerCaseName.parse(ApprovalPolicy.class, value);
	}
}
