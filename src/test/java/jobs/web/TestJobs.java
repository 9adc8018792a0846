package jobs.web;

import java.util.concurrent.Semaphore;
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

	/**
	 * Each invocation waits for one permit from {@link #release()}, so it runs from startup until a
	 * test lets it through; shutdown (or a paused test context) interrupts it.
	 */
	static final class GatedJob implements Job {

		private final Semaphore permits = new Semaphore(0);

		@Override
		public String name() {
			return "test_gated";
		}

		@Override
		public void run() throws InterruptedException {
			permits.acquire();
		}

		void release() {
			permits.release();
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
