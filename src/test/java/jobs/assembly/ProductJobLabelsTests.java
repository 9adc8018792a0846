package jobs.assembly;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import jobs.Job;
import jobs.JobNames;
import platform.testing.JmlHubIntegrationTest;

/** The label set of worker_job_duration_seconds, declared by the modules, is exactly the product's jobs. */
@JmlHubIntegrationTest
class ProductJobLabelsTests {

	@Autowired
	List<Job> jobs;

	@Autowired
	List<JobNames> declared;

	@Test
	void everyContributedJobHasItsOwnLabelAndNoLabelIsLeftOver() {
		assertThat(jobs.stream().map(Job::name))
			.containsExactlyInAnyOrderElementsOf(declared.stream().flatMap(names -> names.names().stream()).toList())
			.contains("outbox_retention", "workflow_signal_redelivery", "workflow_prehire_start", "workflow_stage_reminders");
	}
}
