package workflow;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/** Where a {@link Repair} is: its new execution is starting, started, or it failed. */
public enum RepairOutcome implements LowerCaseName {

	STARTING, STARTED, FAILED;

	@JsonCreator
	public static RepairOutcome of(String value) {
		return LowerCaseName.parse(RepairOutcome.class, value);
	}
}
