package jobs.assembly;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import jobs.Job;
import jobs.runner.ExecutorJobScheduler;
import jobs.runner.JobRunLogger;
import jobs.runner.JobRunner;
import jobs.runner.JobRunnerState;
import jobs.runner.TriggerResult;
import platform.RuntimeRoles;

/**
 * Builds and starts one {@link JobRunner} per contributed {@link Job} bean, and only on a
 * dispatching worker ({@link RuntimeRoles#dispatching()}: the {@code worker} role with
 * {@code OUTBOX_DISPATCH_ENABLED} on), the same switch the outbox dispatcher obeys. Elsewhere it
 * builds nothing, so an api-only node or a worker with dispatch off runs no job at all. On
 * shutdown it stops every runner, drains them within {@code jmlhub.jobs.drain-timeout} and
 * interrupts what is still running then. Started again (a restarted context), it builds fresh runners.
 * The runner state it reports is process-local: each worker knows only its own runners.
 * The lifecycle start builds (and so validates) the runners; they start running only once the
 * application is ready, after every startup check passed, so a refused configuration runs no job.
 */
@Component
public class JobsAssembly implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(JobsAssembly.class);

	// job names are metric labels and configuration keys
	private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

	private final ObjectProvider<Job> jobs;
	private final RuntimeRoles roles;
	private final JobSettings settings;
	private final JobMetrics metrics;
	private final JobRunLogger logger;
	private final JobRounds rounds;
	private final Clock clock;

	private volatile Map<String, JobRunner> runners = Map.of();
	private volatile boolean running;
	// once the application was ready, a restarted context (stop, start) starts its runners at once
	private boolean readyOnce;
	private ScheduledThreadPoolExecutor scheduler;

	JobsAssembly(ObjectProvider<Job> jobs, RuntimeRoles roles, JobSettings settings, JobMetrics metrics,
			JobRunLogger logger, JobRounds rounds, Clock clock) {
		this.rounds = rounds;
		this.clock = clock;
		this.jobs = jobs;
		this.roles = roles;
		this.settings = settings;
		this.metrics = metrics;
		this.logger = logger;
	}

	/** Every runner of this process, by name; empty unless this instance is a dispatching worker. */
	public List<JobRunnerState> states() {
		return runners.values().stream().map(JobRunner::state).toList();
	}

	public Optional<JobRunnerState> state(String name) {
		return Optional.ofNullable(runners.get(name)).map(JobRunner::state);
	}

	/** Empty when no runner of that name runs in this process. */
	public Optional<TriggerResult> trigger(String name) {
		return Optional.ofNullable(runners.get(name)).map(JobRunner::trigger);
	}

	@Override
	public synchronized void start() {
		List<Job> contributed = jobs.orderedStream().toList();
		if (roles.dispatching()) {
			runners = build(contributed);
			if (readyOnce) {
				startRunners();
			}
		}
		else {
			log.info("Jobs: none started on this instance ({} contributed); they run only with the worker role and "
					+ "OUTBOX_DISPATCH_ENABLED=true (roles {}, dispatch {})", contributed.size(), roles.roles(),
					roles.dispatch().enabled());
		}
		running = true;
	}

	/** Starts the runners built by {@link #start()}, once the application is ready. */
	@EventListener(ApplicationReadyEvent.class)
	public synchronized void ready() {
		readyOnce = true;
		if (running && roles.dispatching()) {
			startRunners();
		}
	}

	private void startRunners() {
		runners.values().forEach(JobRunner::start);
		if (runners.isEmpty()) {
			log.info("Jobs: no module contributes a job");
		}
		runners.values().stream().map(JobRunner::state).forEach(s -> log.info(
				"Jobs: started {} every {} (timeout {})", s.name(), s.interval(), s.timeout()));
	}

	private Map<String, JobRunner> build(List<Job> contributed) {
		Map<String, Job> byName = new TreeMap<>();
		Map<String, JobSettings.Timing> timings = new TreeMap<>();
		for (Job job : contributed) {
			String name = job.name();
			if (name == null || !NAME.matcher(name).matches()) {
				throw new IllegalStateException("Job " + job.getClass().getName() + " has an invalid name '" + name
						+ "': use lower_snake_case");
			}
			if (byName.putIfAbsent(name, job) != null) {
				throw new IllegalStateException("Two jobs are named " + name);
			}
			if (!metrics.known(name)) {
				log.warn("Job {} is not in the closed metrics label set; its durations are recorded as job=\"{}\"",
						name, JobMetrics.UNKNOWN);
			}
			timings.put(name, settings.timing(name));
		}
		scheduler = new ScheduledThreadPoolExecutor(1, runnable -> {
			Thread thread = Executors.defaultThreadFactory().newThread(runnable);
			thread.setName("jobs-scheduler");
			thread.setDaemon(true);
			return thread;
		});
		scheduler.setRemoveOnCancelPolicy(true);
		ExecutorJobScheduler time = new ExecutorJobScheduler(scheduler, clock);
		Map<String, JobRunner> built = new TreeMap<>();
		byName.forEach((name, job) -> {
			JobSettings.Timing timing = timings.get(name);
			built.put(name, new JobRunner(new JobRunner.Options(name, timing.interval(), timing.timeout(),
					rounds.round(job, timing.timeout()),
					metrics, logger, time)));
		});
		return Collections.unmodifiableMap(built);
	}

	@Override
	public synchronized void stop() {
		List<JobRunner> all = new ArrayList<>(runners.values());
		all.forEach(JobRunner::stop);
		long deadline = System.nanoTime() + settings.drainTimeout().toNanos();
		try {
			for (JobRunner runner : all) {
				Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
				if (!runner.drain(left)) {
					log.warn("Job {} was still running after the drain timeout; interrupting it", runner.name());
					runner.interrupt();
				}
			}
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
		finally {
			if (scheduler != null) {
				scheduler.shutdownNow();
			}
			running = false;
		}
	}

	@Override
	public boolean isRunning() {
		return running;
	}
}
