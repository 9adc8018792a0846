package jobs.assembly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.ConfigDataApplicationContextInitializer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jobs.Job;
import jobs.runner.JobRunnerState;
import platform.OutageLog;
import platform.RuntimeRoles;

/**
 * The assembly with the real {@code application.yml} and the real role switches
 * ({@code APP_ROLES}, {@code OUTBOX_DISPATCH_ENABLED}), in a small context without web or database.
 */
class JobsAssemblyTests {

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(RuntimeRoles.class)
	@Import({ JobsAssembly.class, JobSettings.class, JobMetrics.class, Slf4jJobRunLogger.class })
	static class Wiring {

		@Bean
		MeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

		@Bean
		Clock clock() {
			return Clock.systemUTC();
		}

		@Bean
		OutageLog outageLog(Clock clock) {
			return new OutageLog(clock);
		}

		/** Rounds without the job tables: the job itself. */
		@Bean
		JobRounds directRounds() {
			return (job, timeout) -> job::run;
		}

		/** What SpringApplication does after the refresh: runners start only on this event. */
		@Bean
		ApplicationListener<ContextRefreshedEvent> applicationReady() {
			return refreshed -> refreshed.getApplicationContext().publishEvent(new ApplicationReadyEvent(
					new SpringApplication(), new String[0],
					(ConfigurableApplicationContext) refreshed.getApplicationContext(), Duration.ZERO));
		}
	}

	static final class CountingJob implements Job {

		final String name;
		final AtomicInteger runs = new AtomicInteger();
		final CountDownLatch ran = new CountDownLatch(1);

		CountingJob(String name) {
			this.name = name;
		}

		@Override
		public String name() {
			return name;
		}

		@Override
		public void run() {
			runs.incrementAndGet();
			ran.countDown();
		}
	}

	final CountingJob retention = new CountingJob("outbox_retention");
	final CountingJob custom = new CountingJob("custom_job");

	final ApplicationContextRunner contexts = new ApplicationContextRunner()
		.withInitializer(new ConfigDataApplicationContextInitializer())
		.withUserConfiguration(Wiring.class)
		.withBean("retention", Job.class, () -> retention)
		.withBean("custom", Job.class, () -> custom);

	@Test
	void withDispatchOffNoRunnerIsBuiltAndNoJobRuns() {
		contexts.withPropertyValues("OUTBOX_DISPATCH_ENABLED=false").run(context -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(RuntimeRoles.class).worker()).isTrue();
			JobsAssembly assembly = context.getBean(JobsAssembly.class);
			assertThat(assembly.isRunning()).isTrue();
			assertThat(assembly.states()).isEmpty();
			assertThat(assembly.trigger("outbox_retention")).isEmpty();
			assertThat(retention.runs).hasValue(0);
			assertThat(custom.runs).hasValue(0);
		});
	}

	@Test
	void anApiOnlyInstanceBuildsNoRunner() {
		contexts.withPropertyValues("APP_ROLES=api").run(context -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(RuntimeRoles.class).dispatch().enabled()).isTrue();
			assertThat(context.getBean(JobsAssembly.class).states()).isEmpty();
			assertThat(retention.runs).hasValue(0);
		});
	}

	@Test
	void aDispatchingWorkerRunsEveryJobWithItsConfiguredOrDefaultTimings() {
		contexts.withPropertyValues("JOBS_OUTBOX_RETENTION_TIMEOUT=7m", "jmlhub.jobs.custom_job.interval=45s")
			.run(context -> {
				JobsAssembly assembly = context.getBean(JobsAssembly.class);
				assertThat(retention.ran.await(10, TimeUnit.SECONDS)).as("first run at start").isTrue();
				assertThat(custom.ran.await(10, TimeUnit.SECONDS)).isTrue();

				assertThat(assembly.states()).extracting(JobRunnerState::name)
					.containsExactly("custom_job", "outbox_retention");
				JobRunnerState retentionState = assembly.state("outbox_retention").orElseThrow();
				assertThat(retentionState.interval()).as("application.yml").isEqualTo(Duration.ofHours(1));
				assertThat(retentionState.timeout()).as("env placeholder").isEqualTo(Duration.ofMinutes(7));
				JobRunnerState customState = assembly.state("custom_job").orElseThrow();
				assertThat(customState.interval()).isEqualTo(Duration.ofSeconds(45));
				assertThat(customState.timeout()).as("jmlhub.jobs.defaults").isEqualTo(Duration.ofMinutes(5));
				assertThat(assembly.trigger("nope")).isEmpty();
			});
	}

	@Test
	void shutdownStopsEveryRunnerAndWaitsForTheRunInFlight() throws Exception {
		CountDownLatch started = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		AtomicBoolean finished = new AtomicBoolean();
		Job slow = new Job() {
			@Override
			public String name() {
				return "workflow_stage_reminders";
			}

			@Override
			public void run() throws InterruptedException {
				started.countDown();
				release.await();
				finished.set(true);
			}
		};
		contexts.withBean("slow", Job.class, () -> slow).run(context -> {
			JobsAssembly assembly = context.getBean(JobsAssembly.class);
			assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

			CompletableFuture<Void> closing = CompletableFuture.runAsync(context::close);
			await().atMost(Duration.ofSeconds(10))
				.until(() -> assembly.states().stream().allMatch(JobRunnerState::stopped));
			assertThat(closing).as("shutdown waits for the running job").isNotDone();
			assertThat(assembly.trigger("workflow_stage_reminders")).hasValueSatisfying(r -> assertThat(r.accepted()).isFalse());

			release.countDown();
			closing.get(10, TimeUnit.SECONDS);
			assertThat(finished).isTrue();
			assertThat(assembly.isRunning()).isFalse();
			assertThat(assembly.state("workflow_stage_reminders").orElseThrow().running()).isFalse();
		});
	}

	@Test
	void twoJobsWithOneNameFailTheStart() {
		contexts.withBean("again", Job.class, () -> new CountingJob("custom_job")).run(context -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("Two jobs are named custom_job");
		});
	}

	@Test
	void aBadDurationFailsTheStartNamingTheSetting() {
		contexts.withPropertyValues("JOBS_DEFAULT_TIMEOUT=soon").run(context -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure())
				.hasStackTraceContaining("jmlhub.jobs.defaults.timeout is not a duration (like 30s, 5m, PT1H): soon");
		});
	}
}
