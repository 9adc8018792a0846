package workflow.web;

import java.util.List;
import java.util.UUID;

import jakarta.validation.constraints.Size;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import platform.AdminOnly;
import platform.AppUser;
import workflow.Action;
import workflow.ActionKind;
import workflow.ActionRequest;
import workflow.Repair;
import workflow.RunDetail;
import workflow.RunFilter;
import workflow.RunPage;
import workflow.Runs;

/**
 * The run API: list and detail read the projection; actions are recorded and answered 202
 * (the workflow applies them asynchronously: poll the run, or the action's {@code outcome}).
 */
@RestController
@RequestMapping("/v1/workflow-runs")
@Validated
class RunApiController {

	private final Runs runs;

	RunApiController(Runs runs) {
		this.runs = runs;
	}

	/** Body of an action; {@code stageId} is required for approve, reject and return. */
	record ActionBody(UUID stageId, @Size(max = 2000) String comment) {
	}

	@GetMapping
	RunPage list(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String status,
			@RequestParam(required = false) String definition, @RequestParam(required = false) UUID employeeId,
			@RequestParam(required = false) String q, @RequestParam(defaultValue = "false") boolean assignedToMe,
			@RequestParam(required = false) String cursor,
			@RequestParam(defaultValue = "" + Runs.DEFAULT_LIMIT) int limit) {
		RunFilter filter = new RunFilter(Runs.statusParameter(status), definition, employeeId, q,
				assignedToMe ? user.getUsername() : null);
		return runs.list(user.tenantId(), filter, cursor, limit);
	}

	@GetMapping("/{id}")
	RunDetail detail(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		return runs.detail(user.tenantId(), id);
	}

	/**
	 * Repairs a run that needs attention (ADMIN): 202 with the repair; the run is live again on its
	 * current stage once {@code outcome} is {@code started}. 409 when the run does not need attention.
	 */
	@AdminOnly
	@PostMapping("/{id}/repair")
	ResponseEntity<Repair> repair(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey) {
		return ResponseEntity.status(HttpStatus.ACCEPTED).body(runs.repair(user, id, idempotencyKey));
	}

	/** The run's repairs, newest first (ADMIN). */
	@AdminOnly
	@GetMapping("/{id}/repairs")
	List<Repair> repairs(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		return runs.repairs(user.tenantId(), id);
	}

	@PostMapping("/{id}/{action:approve|reject|return|withdraw|resubmit}")
	ResponseEntity<Action> act(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, @PathVariable String action,
			@RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey,
			@RequestBody(required = false) @Validated ActionBody body) {
		ActionBody request = body == null ? new ActionBody(null, null) : body;
		Action recorded = runs.act(user, id,
				new ActionRequest(ActionKind.of(action), request.stageId(), request.comment(), idempotencyKey));
		return ResponseEntity.status(HttpStatus.ACCEPTED).body(recorded);
	}
}
