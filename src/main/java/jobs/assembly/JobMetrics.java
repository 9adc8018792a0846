package jobs.assembly;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jobs.JobNames;
import jobs.runner.JobOutcome;
import jobs.runner.JobRunMetrics;

/**
 * {@code worker_job_duration_seconds{job,outcome}} as a Prometheus histogram. The {@code job}
 * label is a closed set, so a misnamed or new job cannot grow the series count unnoticed: the
 * names the modules declare ({@link JobNames} beans, each module for its own jobs); any other name
 * is recorded as {@code unknown} (the assembly warns at start).
 */
@Component
class JobMetrics implements JobRunMetrics {

	static final String UNKNOWN = "unknown";

	// Jobs run for milliseconds to minutes; fixed buckets keep the series count small.
	private static final Duration[] BUCKETS = { Duration.ofMillis(100), Duration.ofMillis(500), Duration.ofSeconds(1),
			Duration.ofSeconds(5), Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofMinutes(1),
			Duration.ofMinutes(2), Duration.ofMinutes(5), Duration.ofMinutes(10), Duration.ofMinutes(30) };

	private final MeterRegistry registry;
	private final Set<String> labels;

	@Autowired
	JobMetrics(MeterRegistry registry, ObjectProvider<JobNames> declared) {
		this(registry, declared.orderedStream().toList());
	}

	JobMetrics(MeterRegistry registry, List<JobNames> declared) {
		this.registry = registry;
		this.labels = declared.stream().flatMap(names -> names.names().stream()).collect(Collectors.toUnmodifiableSet());
	}

	boolean known(String job) {
		return labels.contains(job);
	}

	@Override
	public void record(String job, JobOutcome outcome, Duration duration) {
		Timer.builder("worker.job.duration")
			.description("Duration of job invocations by job and outcome")
			.tag("job", known(job) ? job : UNKNOWN)
			.tag("outcome", outcome.value())
			.serviceLevelObjectives(BUCKETS)
			.register(registry)
			.record(duration);
	}
}
