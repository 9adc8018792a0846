package jobs.assembly;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import jobs.Job;
import platform.testing.JmlHubIntegrationTest;

/** The closed label set of worker_job_duration_seconds is exactly the product's jobs. */
@JmlHubIntegrationTest
class ProductJobLabelsTests {

	@Autowired
	List<Job> jobs;

	@Test
	void everyContributedJobHasItsOwnLabelAndNoLabelIsLeftOver() {
		assertThat(jobs.stream().map(Job::name)).containsExactlyInAnyOrderElementsOf(JobMetrics.JOB_LABELS);
	}
}
