package jobs.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

import platform.testing.JmlHubIntegrationTest;

/**
 * The whole application with the {@link TestJobs} contributed: one cached context shared by every
 * jobs test that needs running jobs. Long intervals, so only the tests' triggers run them again;
 * a short drain so closing the context does not wait for the gated job.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@JmlHubIntegrationTest
@Import(TestJobs.class)
@TestPropertySource(properties = { "jmlhub.jobs.test_counter.interval=1h", "jmlhub.jobs.test_failing.interval=1h",
		"jmlhub.jobs.test_gated.interval=1h", "jmlhub.jobs.test_gated.timeout=30m", "JOBS_DRAIN_TIMEOUT=1s", "JOBS_HEARTBEAT_INTERVAL=300ms", "JOBS_TRIGGER_POLL_INTERVAL=200ms" })
@interface JobsIntegrationTest {
}
