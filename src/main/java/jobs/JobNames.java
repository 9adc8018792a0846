package jobs;

import java.util.Set;

/**
 * The names of the jobs a module contributes, declared by that module as a bean: together they are
 * the closed set of {@code job} labels of {@code worker_job_duration_seconds}. A job whose name no
 * module declares is recorded as {@code unknown}, so a misnamed job cannot grow the series count.
 */
public record JobNames(Set<String> names) {

	public JobNames {
		names = Set.copyOf(names);
	}

	public static JobNames of(String... names) {
		return new JobNames(Set.of(names));
	}
}
