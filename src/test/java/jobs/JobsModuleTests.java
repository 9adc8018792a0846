package jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.ApplicationModuleTest.BootstrapMode;
import org.springframework.modulith.test.Scenario;
import org.springframework.test.context.TestPropertySource;

import jobs.store.JobRun;
import jobs.store.JobRunRepository;
import jobs.store.JobTriggerRepository;
import platform.JmlHubApplication;

/**
 * The jobs module with the platform only. The jobs of the other modules are not there; a
 * {@link Job} bean stands in for them, as a module contributes one. Its main flow: a job runs on
 * its own, every round is a row in {@code job_runs}, and a "run now" request in the database is
 * claimed by this worker and runs the job again.
 */
@ApplicationModuleTest(module = "jobs", classes = JmlHubApplication.class, mode = BootstrapMode.DIRECT_DEPENDENCIES)
@Import(JobsModuleTests.ContributedJob.class)
// the outbox (not bootstrapped) contributes two of the readiness checks
@TestPropertySource(properties = { "jmlhub.jobs.module_counter.interval=1h", "JOBS_TRIGGER_POLL_INTERVAL=200ms",
		"management.endpoint.health.group.readiness.include=readinessState,db,temporal" })
class JobsModuleTests {

	/** A job another module would contribute: it counts its rounds. */
	@TestConfiguration(proxyBeanMethods = false)
	static class ContributedJob {

		@Bean
		CountingJob moduleCounter() {
			return new CountingJob();
		}
	}

	static final class CountingJob implements Job {

		final AtomicInteger rounds = new AtomicInteger();

		@Override
		public String name() {
			return "module_counter";
		}

		@Override
		public void run() {
			rounds.incrementAndGet();
		}
	}

	/** Before this context started: rounds of earlier runs against the same database are older. */
	static final Instant LOADED = Instant.now();

	@Autowired
	CountingJob job;

	@Autowired
	JobTriggerRepository triggers;

	@Autowired
	JobRunRepository runs;

	@Test
	void aContributedJobRunsAtStartAndAgainWhenSomeoneAsksForARun(Scenario scenario) {
		// the round at start, recorded before the request so the counts below are exact
		await().atMost(Duration.ofSeconds(30)).until(() -> finishedRounds().size(), rounds -> rounds == 1);
		assertThat(job.rounds.get()).isOne();
		AtomicLong trigger = new AtomicLong();

		scenario.stimulate(() -> trigger.set(triggers.request("module_counter", "ada", Instant.now())))
			.andWaitForStateChange(this::finishedRounds, rounds -> rounds.size() == 2)
			.andVerify(rounds -> {
				assertThat(job.rounds.get()).isEqualTo(2);
				assertThat(rounds.get(0).finishedAt()).isAfterOrEqualTo(rounds.get(0).startedAt());
				assertThat(rounds).extracting(JobRun::error).containsOnlyNulls();
				JobTriggerRepository.Trigger request = triggers.find(trigger.get()).orElseThrow();
				assertThat(request.requestedBy()).isEqualTo("ada");
				assertThat(request.claimedBy()).isEqualTo(rounds.get(0).instanceId());
			});
	}

	private List<JobRun> finishedRounds() {
		return runs.recent("module_counter", 100).stream().filter(run -> !run.startedAt().isBefore(LOADED))
			.filter(run -> run.finishedAt() != null)
			.toList();
	}
}
