package jobs.assembly;

import java.time.Duration;
import java.util.Set;

import org.springframework.stereotype.Component;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jobs.runner.JobOutcome;
import jobs.runner.JobRunMetrics;

/**
 * {@code worker_job_duration_seconds{job,outcome}} as a Prometheus histogram. The {@code job}
 * label is a closed set, so a misnamed or new job cannot grow the series count unnoticed: a
 * name outside {@link #JOB_LABELS} is recorded as {@code unknown} (the assembly warns at start).
 * Add a job's name here when it joins the product.
 */
@Component
class JobMetrics implements JobRunMetrics {

	static final Set<String> JOB_LABELS = Set.of("outbox_retention", "workflow_signal_redelivery",
			"workflow_prehire_start", "workflow_stage_reminders");

	static final String UNKNOWN = "unknown";

	// Jobs run for milliseconds to minutes; fixed buckets keep the series count small.
	private static final Duration[] BUCKETS = { Duration.ofMillis(100), Duration.ofMillis(500), Duration.ofSeconds(1),
			Duration.ofSeconds(5), Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofMinutes(1),
			Duration.ofMinutes(2), Duration.ofMinutes(5), Duration.ofMinutes(10), Duration.ofMinutes(30) };

	private final MeterRegistry registry;

	JobMetrics(MeterRegistry registry) {
		this.registry = registry;
	}

	static boolean known(String job) {
		return JOB_LABELS.contains(job);
	}

	@Override
	public void record(String job, JobOutcome outcome, Duration duration) {
		Timer.builder("worker.job.duration")
			.description("Duration of job invocations by job and outcome")
			.tag("job", known(job) ? job : UNKNOWN)
			.tag("outcome", outcome.label())
			.serviceLevelObjectives(BUCKETS)
			.register(registry)
			.record(duration);
	}
}
