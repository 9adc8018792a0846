package jobs.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

import jobs.Job;

/**
 * Jobs contributed by tests (there is no production job on this branch yet): one that counts,
 * one that always fails, and one that blocks until the test lets it through.
 */
@TestConfiguration(proxyBeanMethods = false)
class TestJobs {

	static final class CountingJob implements Job {

		private final AtomicInteger runs = new AtomicInteger();

		@Override
		public String name() {
			return "test_counter";
		}

		@Override
		public void run() {
			runs.incrementAndGet();
		}

		int runs() {
			return runs.get();
		}
	}

	static final class FailingJob implements Job {

		@Override
		public String name() {
			return "test_failing";
		}

		@Override
		public void run() {
			throw new IllegalStateException("simulated failure: the source table is unreachable");
		}
	}

	/** Each invocation waits for one permit from {@link #release()}; the first one blocks from startup. */
	static final class GatedJob implements Job {

		private final Semaphore started = new Semaphore(0);
		private final Semaphore permits = new Semaphore(0);

		@Override
		public String name() {
			return "test_gated";
		}

		@Override
		public void run() throws InterruptedException {
			started.release();
			permits.acquire();
		}

		void release() {
			permits.release();
		}

		void awaitStart() throws InterruptedException {
			assertThat(started.tryAcquire(10, TimeUnit.SECONDS)).as("test_gated started a run").isTrue();
		}
	}

	@Bean
	CountingJob countingJob() {
		return new CountingJob();
	}

	@Bean
	FailingJob failingJob() {
		return new FailingJob();
	}

	@Bean
	GatedJob gatedJob() {
		return new GatedJob();
	}
}
