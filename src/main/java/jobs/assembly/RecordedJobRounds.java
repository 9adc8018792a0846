package jobs.assembly;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import jobs.Job;
import jobs.runner.JobCallback;
import jobs.runner.JobOutcome;
import jobs.store.JobLeaseRepository;
import jobs.store.JobRunRepository;

/**
 * A round runs only on the instance that holds the job's lease, so two workers never scan the same
 * tables at once; a round whose lease another instance holds is skipped and not recorded. A
 * crashed holder's lease is taken over once its heartbeat is older than the instance timeout
 * ({@code JOBS_INSTANCE_TIMEOUT}), not only when the lease, which outlives the job's timeout by a
 * margin, expires; the gone holder's unfinished round is then recorded as failed. Every round that
 * ran is a {@code job_runs} row (started, finished, duration, outcome, error, instance).
 */
@Component
class RecordedJobRounds implements JobRounds {

	private static final Logger log = LoggerFactory.getLogger(RecordedJobRounds.class);

	static final Duration LEASE_MARGIN = Duration.ofMinutes(1);
	static final int MAX_ERROR_LENGTH = 2000;

	private final JobLeaseRepository leases;
	private final JobRunRepository runs;
	private final InstanceIdentity instance;
	private final Duration instanceTimeout;
	private final Clock clock;

	RecordedJobRounds(JobLeaseRepository leases, JobRunRepository runs, InstanceIdentity instance,
			JobsHistoryProperties properties, Clock clock) {
		this.leases = leases;
		this.runs = runs;
		this.instance = instance;
		this.instanceTimeout = properties.instanceTimeout();
		this.clock = clock;
	}

	@Override
	public JobCallback round(Job job, Duration timeout) {
		return () -> run(job, timeout, timeout.plus(LEASE_MARGIN));
	}

	private void run(Job job, Duration timeout, Duration lease) throws Exception {
		String name = job.name();
		Instant aliveSince = clock.instant().minus(instanceTimeout);
		if (!leases.tryAcquire(name, instance.id(), lease, aliveSince)) {
			log.debug("Job {}: another instance holds the lease; this round is skipped", name);
			return;
		}
		int abandoned = runs.failRoundsOfGoneInstances(name, aliveSince);
		if (abandoned > 0) {
			log.warn("Job {}: {} round(s) of an instance that stopped without finishing them recorded as failed; "
					+ "this round takes over", name, abandoned);
		}
		Instant started = clock.instant();
		long runId = runs.start(name, instance.id(), started);
		try {
			job.run();
			// a round that ignored the timeout's interrupt and returned late still timed out
			boolean late = Duration.between(started, clock.instant()).compareTo(timeout) > 0;
			finish(runId, started, late ? JobOutcome.TIMED_OUT : JobOutcome.SUCCEEDED, late ? "returned after its timeout of " + timeout : null);
		}
		catch (Exception | Error e) {
			// the runner interrupts a round past its timeout; record it with the interrupt cleared
			// (the pool refuses interrupted threads), then restore the interrupt
			boolean interrupted = Thread.interrupted() || e instanceof InterruptedException;
			finish(runId, started, interrupted ? JobOutcome.TIMED_OUT : JobOutcome.FAILED, describe(e));
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
			throw e;
		}
		finally {
			boolean interrupted = Thread.interrupted();
			try {
				leases.release(name, instance.id());
			}
			catch (RuntimeException e) {
				log.warn("Job {}: could not release its lease (it expires by itself): {}", name, e.toString());
			}
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	private void finish(long runId, Instant started, JobOutcome outcome, String error) {
		Instant finished = clock.instant();
		try {
			runs.finish(runId, finished, Duration.between(started, finished), outcome, error);
		}
		catch (RuntimeException e) {
			// the round's own outcome matters more than its history row
			log.warn("Job run {} could not be recorded as {}: {}", runId, outcome.value(), e.toString());
		}
	}

	private static String describe(Throwable error) {
		String text = error.getMessage() == null ? error.getClass().getSimpleName()
				: error.getClass().getSimpleName() + ": " + error.getMessage();
		return text.length() <= MAX_ERROR_LENGTH ? text : text.substring(0, MAX_ERROR_LENGTH - 1) + "…";
	}
}
