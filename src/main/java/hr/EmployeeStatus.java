package hr;

import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Lifecycle of an employee; the JSON and database value is the lower-case name. The outcomes of
 * the employee's runs move it on: a completed joiner makes a {@code PRE_HIRE} employee
 * {@code PENDING_START} (or {@code ACTIVE} at once when the start date has come; the activation
 * job does it on the start date), a rejected joiner makes it {@code CANCELLED}. Offboarding makes
 * it {@code LEAVING} until its leaver run completes ({@code LEFT}); HR may cancel the offboarding
 * while it is {@code LEAVING}.
 */
public enum EmployeeStatus {

	PRE_HIRE, PENDING_START, ACTIVE, CANCELLED, LEAVING, LEFT;

	/** The statuses as their JSON values, for messages and filters. */
	public static final List<String> VALUES = Arrays.stream(values()).map(EmployeeStatus::value).toList();

	@JsonValue
	public String value() {
		return name().toLowerCase();
	}

	/** Offboarded, or a hire that will not happen: no transfer, no second offboarding. */
	public boolean leavingOrGone() {
		return this == LEAVING || this == LEFT || this == CANCELLED;
	}

	@JsonCreator
	public static EmployeeStatus of(String value) {
		return valueOf(value.toUpperCase());
	}
}
