package jobs.assembly;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jobs.JobNames;
import jobs.runner.JobOutcome;

class JobMetricsTests {

	final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
	final JobMetrics metrics = new JobMetrics(registry,
			List.of(JobNames.of("outbox_retention"), JobNames.of("workflow_stage_reminders")));

	@Test
	void knownJobsKeepTheirLabelAsAHistogram() {
		metrics.record("outbox_retention", JobOutcome.SUCCEEDED, Duration.ofMillis(1500));
		metrics.record("workflow_stage_reminders", JobOutcome.TIMED_OUT, Duration.ofMinutes(5));

		String scrape = registry.scrape();
		assertThat(scrape).contains(
				"worker_job_duration_seconds_bucket{job=\"outbox_retention\",outcome=\"succeeded\",le=\"5.0\"} 1",
				"worker_job_duration_seconds_bucket{job=\"outbox_retention\",outcome=\"succeeded\",le=\"1.0\"} 0",
				"worker_job_duration_seconds_count{job=\"outbox_retention\",outcome=\"succeeded\"} 1",
				"worker_job_duration_seconds_sum{job=\"outbox_retention\",outcome=\"succeeded\"} 1.5",
				"worker_job_duration_seconds_count{job=\"workflow_stage_reminders\",outcome=\"timed_out\"} 1");
	}

	@Test
	void aNameNoModuleDeclaredIsRecordedAsUnknown() {
		metrics.record("attendance_digest", JobOutcome.FAILED, Duration.ofSeconds(2));
		metrics.record("attendance_source_sync", JobOutcome.FAILED, Duration.ofSeconds(3));

		String scrape = registry.scrape();
		assertThat(scrape).contains("worker_job_duration_seconds_count{job=\"unknown\",outcome=\"failed\"} 2")
			.doesNotContain("attendance");
	}
}
