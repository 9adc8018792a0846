package hr;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Lifecycle of an employee; the JSON and database value is the lower-case name. */
public enum EmployeeStatus {

	PRE_HIRE, ACTIVE, OFFBOARDED;

	@JsonValue
	public String value() {
		return name().toLowerCase();
	}

	@JsonCreator
	public static EmployeeStatus of(String value) {
		return valueOf(value.toUpperCase());
	}
}
