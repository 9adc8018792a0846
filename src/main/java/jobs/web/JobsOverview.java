package jobs.web;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;

import jobs.assembly.JobsHistoryProperties;
import jobs.store.JobInstance;
import jobs.store.JobInstanceRepository;
import jobs.store.JobRun;
import jobs.store.JobRunRepository;
import jobs.store.JobTriggerRepository;
import jobs.store.RunnerSnapshot;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The jobs of every instance, read from the job tables, so any node (an api node too) answers
 * for all of them; and "Run now" as a database request one worker claims.
 */
@Component
class JobsOverview {

	static final int RECENT_RUNS = 25;

	private static final TypeReference<List<RunnerSnapshot>> RUNNERS = new TypeReference<>() {
	};

	/** An instance and whether it is alive: a heartbeat within {@code JOBS_INSTANCE_TIMEOUT} and not stopped. */
	record Instance(JobInstance row, boolean alive, List<RunnerSnapshot> runners) {
	}

	/** One job across the live instances that run it, with its newest finished run from any instance. */
	record Job(String name, RunnerSnapshot sample, List<String> instances, boolean running, boolean overdue,
			boolean queued, Instant nextRunAt, JobRun lastRun) {
	}

	private final JobInstanceRepository instances;
	private final JobRunRepository runs;
	private final JobTriggerRepository triggers;
	private final JobsHistoryProperties properties;
	private final JsonMapper json;
	private final Clock clock;

	JobsOverview(JobInstanceRepository instances, JobRunRepository runs, JobTriggerRepository triggers,
			JobsHistoryProperties properties, JsonMapper json, Clock clock) {
		this.instances = instances;
		this.runs = runs;
		this.triggers = triggers;
		this.properties = properties;
		this.json = json;
		this.clock = clock;
	}

	List<Instance> instances() {
		Instant aliveSince = aliveSince();
		return instances.all().stream()
			.map(row -> new Instance(row, row.stoppedAt() == null && !row.heartbeatAt().isBefore(aliveSince),
					json.readValue(row.runnersJson(), RUNNERS)))
			.toList();
	}

	List<Job> jobs() {
		Map<String, JobRun> lastRuns = runs.lastFinishedPerJob().stream()
			.collect(Collectors.toMap(JobRun::job, Function.identity()));
		Map<String, List<Map.Entry<String, RunnerSnapshot>>> byName = new TreeMap<>();
		for (Instance instance : instances()) {
			if (!instance.alive()) {
				continue;
			}
			instance.runners().forEach(runner -> byName.computeIfAbsent(runner.name(), n -> new ArrayList<>())
				.add(Map.entry(instance.row().instanceId(), runner)));
		}
		List<Job> jobs = new ArrayList<>();
		byName.forEach((name, entries) -> {
			List<RunnerSnapshot> runners = entries.stream().map(Map.Entry::getValue).toList();
			Instant next = runners.stream()
				.map(RunnerSnapshot::nextRunAt)
				.filter(java.util.Objects::nonNull)
				.map(Instant::parse)
				.min(Comparator.naturalOrder())
				.orElse(null);
			jobs.add(new Job(name, runners.get(0), entries.stream().map(Map.Entry::getKey).sorted().toList(),
					runners.stream().anyMatch(RunnerSnapshot::running), runners.stream().anyMatch(RunnerSnapshot::overdue),
					runners.stream().anyMatch(RunnerSnapshot::queued), next, lastRuns.get(name)));
		});
		return jobs;
	}

	Optional<Job> job(String name) {
		return jobs().stream().filter(job -> job.name().equals(name)).findFirst();
	}

	List<JobRun> recentRuns(String job) {
		return runs.recent(job, RECENT_RUNS);
	}

	/** Empty when no live instance runs a job of that name. */
	Optional<Long> requestRun(String job, String requestedBy) {
		if (!instances.liveRunnerExists(job, aliveSince())) {
			return Optional.empty();
		}
		return Optional.of(triggers.request(job, requestedBy, clock.instant()));
	}

	Optional<JobTriggerRepository.Trigger> trigger(long id) {
		return triggers.find(id);
	}

	private Instant aliveSince() {
		Duration timeout = properties.instanceTimeout();
		return clock.instant().minus(timeout);
	}
}
