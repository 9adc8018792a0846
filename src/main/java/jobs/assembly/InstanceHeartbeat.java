package jobs.assembly;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import jobs.runner.JobRunnerState;
import jobs.runner.TriggerResult;
import jobs.store.JobInstanceRepository;
import jobs.store.JobRunRepository;
import jobs.store.JobTriggerRepository;
import jobs.store.RunnerSnapshot;
import platform.OutageLog;
import platform.RuntimeRoles;
import tools.jackson.databind.json.JsonMapper;

/**
 * A dispatching worker's link to the job tables: it writes its heartbeat with a snapshot of its
 * runners (so any node shows every instance), claims the "Run now" requests for its jobs (so a
 * trigger on an api node reaches a worker through the database) and prunes history past
 * {@code JOBS_HISTORY_RETENTION}. Starts once the application is ready; on stop it marks the
 * instance stopped. Failures are logged and retried on the next beat: the tables are a view, the
 * runners keep running without them.
 */
@Component
class InstanceHeartbeat implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(InstanceHeartbeat.class);

	// pruning is cheap but need not run every beat
	private static final Duration PRUNE_EVERY = Duration.ofMinutes(10);

	private final JobsAssembly assembly;
	private final RuntimeRoles roles;
	private final InstanceIdentity instance;
	private final JobsHistoryProperties properties;
	private final JobInstanceRepository instances;
	private final JobTriggerRepository triggers;
	private final JobRunRepository runs;
	private final JsonMapper json;
	private final Clock clock;
	private final OutageLog outages;

	private ScheduledExecutorService executor;
	// the first start waits for readiness; a restarted (paused) context starts at once
	private boolean readyOnce;

	InstanceHeartbeat(JobsAssembly assembly, RuntimeRoles roles, InstanceIdentity instance,
			JobsHistoryProperties properties, JobInstanceRepository instances, JobTriggerRepository triggers,
			JobRunRepository runs, JsonMapper json, Clock clock, OutageLog outages) {
		this.assembly = assembly;
		this.roles = roles;
		this.instance = instance;
		this.properties = properties;
		this.instances = instances;
		this.triggers = triggers;
		this.runs = runs;
		this.json = json;
		this.clock = clock;
		this.outages = outages;
	}

	@EventListener(ApplicationReadyEvent.class)
	public synchronized void ready() {
		readyOnce = true;
		start();
	}

	@Override
	public synchronized void start() {
		if (!readyOnce || executor != null || !roles.dispatching()) {
			return;
		}
		executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "jobs-heartbeat");
			thread.setDaemon(true);
			return thread;
		});
		executor.scheduleWithFixedDelay(() -> guarded("heartbeat", this::beat), 0,
				properties.heartbeatInterval().toMillis(), TimeUnit.MILLISECONDS);
		executor.scheduleWithFixedDelay(() -> guarded("trigger poll", this::pollTriggers),
				properties.triggerPollInterval().toMillis(), properties.triggerPollInterval().toMillis(),
				TimeUnit.MILLISECONDS);
		executor.scheduleWithFixedDelay(() -> guarded("history pruning", this::prune), Duration.ofMinutes(1).toMillis(),
				PRUNE_EVERY.toMillis(), TimeUnit.MILLISECONDS);
		log.info("Jobs: instance {} writes its heartbeat every {}", instance.id(), properties.heartbeatInterval());
	}

	@Override
	public synchronized void stop() {
		if (executor == null) {
			return;
		}
		executor.shutdownNow();
		executor = null;
		guarded("stop", () -> instances.stopped(instance.id(), clock.instant(), snapshot()));
	}

	@Override
	public synchronized boolean isRunning() {
		return executor != null;
	}

	@Override
	public int getPhase() {
		// stops before the jobs assembly (lower phases stop later), so the last snapshot shows stopped runners
		return SmartLifecycle.DEFAULT_PHASE;
	}

	void beat() {
		instances.heartbeat(instance.id(), instance.host(), instance.roles(), instance.startedAt(), clock.instant(),
				snapshot());
	}

	void pollTriggers() {
		List<String> mine = assembly.states().stream().map(JobRunnerState::name).toList();
		triggers.claimNext(instance.id(), mine, clock.instant()).ifPresent(claimed -> {
			TriggerResult result = assembly.trigger(claimed.job()).orElse(TriggerResult.NOT_RUNNING);
			triggers.result(claimed.id(), result);
			log.info("Jobs: run-now request {} for {} → {}", claimed.id(), claimed.job(), result);
			beat();
		});
	}

	void prune() {
		Instant cutoff = clock.instant().minus(properties.retention());
		int deleted = runs.deleteStartedBefore(cutoff) + triggers.deleteRequestedBefore(cutoff)
				+ instances.deleteSilentSince(cutoff);
		if (deleted > 0) {
			log.info("Jobs: pruned {} history rows older than {}", deleted, properties.retention());
		}
	}

	private String snapshot() {
		return json.writeValueAsString(assembly.states().stream().map(InstanceHeartbeat::snapshot).toList());
	}

	static RunnerSnapshot snapshot(JobRunnerState state) {
		return new RunnerSnapshot(state.name(), iso(state.interval()), iso(state.timeout()), state.running(),
				state.overdue(), state.queued(), state.stopped(), iso(state.lastStartedAt()), iso(state.lastDuration()),
				state.lastOutcome(), state.lastError(),
				iso(state.nextRunAt()));
	}

	private static String iso(Object value) {
		return value == null ? null : value.toString();
	}

	private void guarded(String what, Runnable work) {
		try {
			work.run();
			outages.succeeded(component(what));
		}
		catch (RuntimeException e) {
			if (OutageLog.isOutage(e)) {
				outages.failed(component(what), e);
				return;
			}
			log.warn("Jobs: {} of instance {} failed (retried on the next beat): {}", what, instance.id(), e.toString());
		}
	}

	private static String component(String what) {
		return "Jobs " + what;
	}
}
