package jobs.runner;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/**
 * How one invocation ended; {@link #value()} is the metrics, API and stored value. A recorded
 * round is {@link #RUNNING} until it finishes; the runner reports only the other three.
 */
public enum JobOutcome implements LowerCaseName {

	RUNNING, SUCCEEDED, FAILED, TIMED_OUT;

	@JsonCreator
	public static JobOutcome of(String value) {
		return LowerCaseName.parse(JobOutcome.class, value);
	}
}
