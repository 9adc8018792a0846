package jobs.web;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jobs.runner.JobOutcome;
import jobs.runner.TriggerResult;
import jobs.store.JobRun;
import jobs.store.JobTriggerRepository;
import jobs.store.RunnerSnapshot;
import platform.DomainException;
import platform.OperatorOnly;

/** Every instance's job runners and the recent runs, from the job tables; "Run now" through the database. */
@RestController
@RequestMapping("/v1/admin/jobs")
@OperatorOnly
@Tag(name = "Admin: jobs", description = JobsAdminApiController.SHARED)
class JobsAdminApiController {

	static final String SHARED = """
			Job state lives in PostgreSQL: every worker instance writes a heartbeat with its runners, and \
			every round that ran is a row (started, finished, duration, outcome, error, instance), so any \
			instance, an api node too, answers for all of them. Only one instance runs a given job's round \
			at a time (a lease). "Run now" is a request in the database that one worker running the job \
			claims. Jobs work across all tenants: platform operators only, never a tenant role.""";

	@JsonInclude(JsonInclude.Include.ALWAYS)
	record JobStatus(String name,
			@Schema(description = "ISO-8601 duration between ticks", example = "PT1M") String interval,
			@Schema(description = "ISO-8601 duration after which one invocation is interrupted", example = "PT5M") String timeout,
			@Schema(description = "An invocation is in flight, including a timed-out one that has not returned yet") boolean running,
			@Schema(description = "Start of the most recently admitted invocation") Instant lastStartedAt,
			@Schema(description = "ISO-8601 duration of the most recently finished or timed-out invocation", example = "PT1.25S") String lastDuration,
			@Schema(allowableValues = { "succeeded", "failed", "timed_out" }) JobOutcome lastOutcome,
			String lastError,
			@Schema(description = "The next interval tick; null once the runner is stopped") Instant nextRunAt) {

		static JobStatus of(RunnerSnapshot runner) {
			return new JobStatus(runner.name(), runner.interval(), runner.timeout(), runner.running(),
					instant(runner.lastStartedAt()), runner.lastDuration(), runner.lastOutcome(), runner.lastError(),
					instant(runner.nextRunAt()));
		}

		private static Instant instant(String text) {
			return text == null ? null : Instant.parse(text);
		}
	}

	@JsonInclude(JsonInclude.Include.ALWAYS)
	record InstanceStatus(String instanceId, String host,
			@Schema(description = "APP_ROLES of the instance", example = "api,worker") String roles, Instant startedAt,
			Instant heartbeatAt,
			@Schema(description = "A heartbeat within JOBS_INSTANCE_TIMEOUT and not stopped") boolean alive,
			Instant stoppedAt, List<JobStatus> runners) {

		static InstanceStatus of(JobsOverview.Instance instance) {
			var row = instance.row();
			return new InstanceStatus(row.instanceId(), row.host(), row.roles(), row.startedAt(), row.heartbeatAt(),
					instance.alive(), row.stoppedAt(), instance.runners().stream().map(JobStatus::of).toList());
		}
	}

	@JsonInclude(JsonInclude.Include.ALWAYS)
	record RunStatus(long id, String job, String instanceId, Instant startedAt, Instant finishedAt,
			@Schema(description = "ISO-8601 duration; null while running") String duration,
			JobOutcome outcome, String error) {

		static RunStatus of(JobRun run) {
			Duration duration = run.duration();
			return new RunStatus(run.id(), run.job(), run.instanceId(), run.startedAt(), run.finishedAt(),
					duration == null ? null : duration.toString(), run.outcome(), run.error());
		}
	}

	record Overview(List<InstanceStatus> instances, List<RunStatus> recentRuns) {
	}

	@JsonInclude(JsonInclude.Include.ALWAYS)
	record TriggerResponse(
			@Schema(description = "true: the request is stored and a worker running the job claims it within "
					+ "about a second (JOBS_TRIGGER_POLL_INTERVAL)") boolean accepted,
			long triggerId) {
	}

	@JsonInclude(JsonInclude.Include.ALWAYS)
	record TriggerStatus(long id, String job, String requestedBy, Instant requestedAt,
			@Schema(description = "The worker instance that took the request; null until one did") String claimedBy,
			Instant claimedAt,
			@Schema(description = "What the worker's runner did: started, queued (a run was in flight), "
					+ "coalesced (a follow-up was already queued) or not_running", allowableValues = { "started",
							"queued", "coalesced", "not_running" }) TriggerResult result) {

		static TriggerStatus of(JobTriggerRepository.Trigger trigger) {
			return new TriggerStatus(trigger.id(), trigger.job(), trigger.requestedBy(), trigger.requestedAt(),
					trigger.claimedBy(), trigger.claimedAt(), trigger.result());
		}
	}

	private final JobsOverview jobs;

	JobsAdminApiController(JobsOverview jobs) {
		this.jobs = jobs;
	}

	@GetMapping
	@Operation(summary = "Every instance with its job runners, and the most recent runs", description = SHARED)
	Overview overview() {
		return new Overview(jobs.instances().stream().map(InstanceStatus::of).toList(),
				jobs.recentRuns(null).stream().map(RunStatus::of).toList());
	}

	@GetMapping("/runs")
	@Operation(summary = "The most recent runs, of every job or of one")
	List<RunStatus> runs(@RequestParam(required = false) String job) {
		return jobs.recentRuns(job).stream().map(RunStatus::of).toList();
	}

	@PostMapping("/{name}/trigger")
	@ResponseStatus(HttpStatus.ACCEPTED)
	@Operation(summary = "Run a job now on a worker instance",
			description = "Stores a run-now request that one live worker running the job claims; its runner is "
					+ "single flight (a run in flight gets one queued follow-up, further requests are coalesced). "
					+ "404 when no live instance runs the job. " + SHARED)
	TriggerResponse trigger(@PathVariable String name, Authentication user) {
		return jobs.requestRun(name, user.getName())
			.map(id -> new TriggerResponse(true, id))
			.orElseThrow(() -> new DomainException.NotFound("No live worker instance runs a job named " + name + "."));
	}

	@GetMapping("/triggers/{id}")
	@Operation(summary = "What became of a run-now request")
	TriggerStatus triggerStatus(@PathVariable long id) {
		return jobs.trigger(id)
			.map(TriggerStatus::of)
			.orElseThrow(() -> new DomainException.NotFound("No run-now request " + id + "."));
	}
}
