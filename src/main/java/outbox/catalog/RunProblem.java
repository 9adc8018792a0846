package outbox.catalog;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/** Why a run waits for an admin: it never started, or its workflow cannot go on (needs attention). */
public enum RunProblem implements LowerCaseName {

	START_FAILED, NEEDS_ATTENTION;

	@JsonCreator
	public static RunProblem of(String value) {
		return LowerCaseName.parse(RunProblem.class, value);
	}
}
