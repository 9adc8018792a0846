package jobs.web;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jobs.assembly.JobsAssembly;
import jobs.runner.JobRunnerState;
import platform.ApiException;

/** The job runners of this process, and a manual trigger. */
@RestController
@RequestMapping("/v1/admin/jobs")
@PreAuthorize("hasRole('OPERATOR')")
@Tag(name = "Admin: jobs", description = JobsAdminApi.PROCESS_LOCAL)
class JobsAdminApi {

	static final String PROCESS_LOCAL = """
			Job state is process-local: every worker instance runs its own job runners and keeps their \
			state in memory only. These endpoints answer for the instance that served the request (behind \
			a load balancer, one of several), the state resets when that instance restarts, and an instance \
			without the worker role or with OUTBOX_DISPATCH_ENABLED=false runs no job (an empty list, and \
			404 for every trigger). Jobs are not tenant data: they work across all tenants.""";

	@JsonInclude(JsonInclude.Include.ALWAYS)
	record JobStatus(String name,
			@Schema(description = "ISO-8601 duration between ticks", example = "PT1M") String interval,
			@Schema(description = "ISO-8601 duration after which one invocation is interrupted", example = "PT5M") String timeout,
			@Schema(description = "An invocation is in flight, including a timed-out one that has not returned yet") boolean running,
			@Schema(description = "Start of the most recently admitted invocation") Instant lastStartedAt,
			@Schema(description = "ISO-8601 duration of the most recently finished or timed-out invocation", example = "PT1.25S") String lastDuration,
			@Schema(allowableValues = { "succeeded", "failed", "timed_out" }) String lastOutcome,
			String lastError,
			@Schema(description = "The next interval tick; null once the runner is stopped") Instant nextRunAt) {

		static JobStatus of(JobRunnerState state) {
			return new JobStatus(state.name(), iso(state.interval()), iso(state.timeout()), state.running(),
					state.lastStartedAt(), iso(state.lastDuration()),
					state.lastOutcome() == null ? null : state.lastOutcome().label(), state.lastError(),
					state.nextRunAt());
		}

		private static String iso(Duration duration) {
			return duration == null ? null : duration.toString();
		}
	}

	record TriggerResponse(
			@Schema(description = "true when the trigger starts a run now or queues one for when the running one "
					+ "returns; false when a run is already queued (coalesced) or the runner is stopping") boolean accepted) {
	}

	private final JobsAssembly jobs;

	JobsAdminApi(JobsAssembly jobs) {
		this.jobs = jobs;
	}

	@GetMapping
	@Operation(summary = "List the job runners of this instance", description = PROCESS_LOCAL)
	List<JobStatus> list() {
		return jobs.states().stream().map(JobStatus::of).toList();
	}

	@PostMapping("/{name}/trigger")
	@ResponseStatus(HttpStatus.ACCEPTED)
	@Operation(summary = "Run a job now on this instance",
			description = "Single flight: while the job runs, the first trigger queues one follow-up run and "
					+ "further triggers are coalesced into it (accepted=false). " + PROCESS_LOCAL)
	TriggerResponse trigger(@PathVariable String name) {
		return jobs.trigger(name)
			.map(result -> new TriggerResponse(result.accepted()))
			.orElseThrow(() -> new ApiException.NotFound("No job named " + name + " runs on this instance."));
	}
}
