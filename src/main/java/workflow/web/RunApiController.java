package workflow.web;

import java.util.List;
import java.util.Map;
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

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.Page;
import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import platform.LowerCaseName;
import workflow.RunRow;
import workflow.Action;
import workflow.ActionKind;
import workflow.ActionRequest;
import workflow.BulkRepair;
import workflow.GrantPlan;
import workflow.Repair;
import workflow.RepairCause;
import workflow.RunDetail;
import workflow.RunEffect;
import workflow.RunFilter;
import workflow.Runs;
import workflow.Stage;
import workflow.StageStatus;
import workflow.decisions.StageReassignment;

/**
 * The run API: list and detail read the projection; actions are recorded and answered 202
 * (the workflow applies them asynchronously: poll the run, or the action's {@code outcome}).
 */
@RestController
@RequestMapping("/v1/workflow-runs")
@Validated
@Tag(name = "Workflow runs", description = """
		Joiner, mover and leaver approval runs of the caller's tenant: list and detail read the projection; \
		decisions (approve, reject, return) and HR's resubmit and withdraw are recorded at once and applied by \
		the workflow asynchronously (202). A run's allowedActions say what the caller may do now.""")
class RunApiController {

	private final Runs runs;
	private final StageReassignment reassignment;
	private final EffectsOfRuns effects;

	RunApiController(Runs runs, StageReassignment reassignment, EffectsOfRuns effects) {
		this.runs = runs;
		this.reassignment = reassignment;
		this.effects = effects;
	}

	/** Body of an action; a decision names its stage ({@code stageId}), so a retry never lands on the next one. */
	record ActionBody(
			@Schema(description = """
					The stage decided on (the run's currentStageId as the caller saw it): required for approve, reject \
					and return (400 without it), ignored for resubmit and withdraw. A stage that is no longer current is \
					409 (type stale), so a decision never lands on a stage the caller did not see.""") UUID stageId,
			@Schema(description = "Why; required for reject and return", maxLength = 2000) @Size(max = 2000) String comment) {
	}

	/** The run detail with what the caller may do with it now. */
	record RunView(@JsonUnwrapped RunDetail detail,
			@ArraySchema(arraySchema = @Schema(description = "What the caller may do now, by the same rules the console's buttons follow"),
					schema = @Schema(allowableValues = { "approve", "reject", "return", "resubmit", "withdraw" })) List<ActionKind> allowedActions,
			@ArraySchema(arraySchema = @Schema(description = """
					What the run's grants did in the directories, in the order they apply: grant, target, operation \
					(ensure, undo, ...), status (scheduled, applying, applied, failed, undone, skipped, ...), scheduledFor, \
					attempts, lastError and the read-back receipt (the object's DN, its managed attributes and groups \
					before and after). Operation and status are open: new values may appear.""")) List<RunEffect> effects,
			@ArraySchema(arraySchema = @Schema(description = """
					For the open approval stage, one plan per grant it gives, computed against the directories when \
					asked: the account's DN and OU, the attributes to set, the groups to add and remove, and what \
					already exists; a target that cannot be read within about 2 s says why in its step's error. \
					Empty when no approval stage with grants is open, and while an action on the run waits for the \
					workflow (the stage may close any moment; read again once the action is settled).""")) List<GrantPlan> plan) {
	}

	@GetMapping
	@Operation(summary = "List runs with their current stage, newest first (keyset pagination; pass nextCursor as cursor)",
			description = """
					Each item is a run with its currentStage (null before the first stage and after the last): who it \
					waits on, its SLA deadline (dueAt, overdue) and, when blocked for lack of approvers, why and since \
					when. Filters compose with each other and with the cursor.""")
	Page<RunRow> list(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String status,
			@RequestParam(required = false) String definition, @RequestParam(required = false) UUID employeeId,
			@RequestParam(required = false) String q,
			@Parameter(description = "Only runs whose active stage waits for the caller's decision") @RequestParam(defaultValue = "false") boolean assignedToMe,
			@Parameter(description = "Only running runs whose active stage is past its SLA") @RequestParam(defaultValue = "false") boolean overdue,
			@Parameter(description = "Only runs whose current stage is blocked for lack of approvers") @RequestParam(defaultValue = "false") boolean blocked,
			@RequestParam(required = false) String cursor,
			@RequestParam(defaultValue = "" + Runs.DEFAULT_LIMIT) int limit) {
		RunFilter filter = new RunFilter(Runs.statusParameter(status), definition, employeeId, q,
				assignedToMe ? user.getUsername() : null, overdue, blocked);
		return runs.rows(user.tenantId(), filter, cursor, limit);
	}

	@GetMapping("/{id}")
	@Operation(summary = "One run with its stage timeline, action history, grants, the caller's allowedActions, the grants' effects in the directories and the open stage's plan")
	RunView detail(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		RunDetail detail = runs.detail(user.tenantId(), id);
		return new RunView(detail, List.copyOf(runs.allowedActions(user, detail)), effects.ofRun(user.tenantId(), id),
				runs.plan(user.tenantId(), detail));
	}

	/**
	 * Repairs a run that needs attention or failed to start (ADMIN): 202 with the repair; the run is
	 * live again on its current stage (or starts) once {@code outcome} is {@code started}. 409 for
	 * any other run.
	 */
	@AdminOnly
	@PostMapping("/{id}/repair")
	@Operation(summary = "Repair a run that needs attention or failed to start (ADMIN): start its workflow again from the projection, decisions kept")
	@ApiResponse(responseCode = "202", description = "Repair recorded; the run is live again on its current stage once outcome is started")
	@ApiResponse(responseCode = "503", description = "Temporal did not answer in time (problem type "
			+ "`https://jmlhub.dev/problems/temporal-unavailable`): the run was not repaired and still needs attention; "
			+ "send the same request (same Idempotency-Key) again after Retry-After seconds")
	ResponseEntity<Repair> repair(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey) {
		return ResponseEntity.status(HttpStatus.ACCEPTED).body(runs.repair(user, id, idempotencyKey));
	}

	/** Body of a bulk repair: which runs. */
	record RepairAllBody(@Schema(description = """
			Which runs to repair: start_failed (failed to start), lost (Temporal no longer knows its execution, or a \
			decision found no workflow), closed (its execution ended while the run is live), undeliverable (a decision \
			could not be delivered after every attempt), other (needs attention for any other cause), needs_attention \
			(every run that needs attention). Anything else is 400.""", requiredMode = Schema.RequiredMode.REQUIRED,
			allowableValues = { "start_failed", "lost", "closed", "undeliverable", "other", "needs_attention" }) String cause) {
	}

	/**
	 * Repairs every run of one cause in one action (ADMIN), as the needs-attention page's "Repair
	 * all" does: one result per run, each repair and the action audited.
	 */
	@AdminOnly
	@PostMapping("/repairs")
	@Operation(summary = "Repair every run of one cause in one action (ADMIN): one result per run, each audited",
			description = """
					Repairs up to 500 runs of the cause, longest waiting first, each as POST /v1/workflow-runs/{id}/repair \
					would (under the key Idempotency-Key:runId): repairs lists one result per run (outcome started or \
					failed), skipped counts the runs that moved on meanwhile. When Temporal stops answering the action stops \
					and stoppedBecause says how many runs were left; the same request (same Idempotency-Key) answers the \
					runs done and goes on with the rest, as it does past the first 500. Audited as run.repaired per run and \
					run.repaired_all for the action.""")
	@ApiResponse(responseCode = "202", description = "The repairs made; each run is live again once its outcome is started")
	@ApiResponse(responseCode = "400", description = "An unknown or missing cause, or no Idempotency-Key (problem+json); nothing was repaired")
	ResponseEntity<BulkRepair> repairAll(@AuthenticationPrincipal AppUser user,
			@Parameter(required = true, description = "A key of the caller's choosing for this action: the same request again goes on where it stopped")
			@RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey,
			@RequestBody(required = false) RepairAllBody body) {
		RepairCause cause = body == null ? null : RepairCause.find(body.cause());
		if (cause == null) {
			throw new DomainException.InvalidInput("cause", "must be one of " + LowerCaseName.values(RepairCause.class));
		}
		return ResponseEntity.status(HttpStatus.ACCEPTED).body(runs.repairAll(user, cause, idempotencyKey));
	}

	/** The run's repairs, newest first (ADMIN). */
	@AdminOnly
	@GetMapping("/{id}/repairs")
	@Operation(summary = "The run's repairs, newest first (ADMIN)")
	List<Repair> repairs(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		return runs.repairs(user.tenantId(), id);
	}

	/** Body of a reassignment. */
	record ReassignBody(
			@Schema(description = "Username of the approver who takes the assignment: an enabled APPROVER of the stage's group (or the employee's manager or group managers), not kept off the run by separation of duties", maxLength = 200) @Size(max = 200) String to,
			@Schema(description = "Why; recorded in the audit trail", maxLength = 2000) @Size(max = 2000) String reason,
			@Schema(description = "The assignee replaced; may be left out when one assignee has not decided, or the stage needs one more approval", maxLength = 200) @Size(max = 200) String from) {
	}

	/** A stage's assignees after a reassignment. */
	record StageAssignees(UUID stageId, String name, @Schema(implementation = String.class) StageStatus status,
			List<String> assignees,
			@Schema(description = "Assignees who hold the assignment for an away approver: delegate to approver") Map<String, String> delegatedFor) {
	}

	/**
	 * Gives an open assignment of the run's active stage to another eligible approver (ADMIN),
	 * with a reason; audited as {@code stage.reassigned}.
	 */
	@AdminOnly
	@PostMapping("/{id}/stages/{stageId}/reassign")
	@Operation(summary = "Reassign an open assignment of the run's active stage to another eligible approver (ADMIN), with a reason; audited")
	@ApiResponse(responseCode = "200", description = "Reassigned: the stage's assignees now")
	@ApiResponse(responseCode = "409", description = "The stage is not active, or the target is not an eligible approver (type ineligible-approver), "
			+ "is the employee or approved the stage this one must differ from (separation-of-duties), or is assigned already (already-assigned)")
	StageAssignees reassign(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, @PathVariable UUID stageId,
			@RequestBody @Validated ReassignBody body) {
		Stage stage = reassignment.reassign(user, id, stageId, body.to(), body.from(), body.reason());
		return new StageAssignees(stage.id(), stage.name(), stage.status(), stage.assignees(), stage.delegatedFor());
	}

	@PostMapping("/{id}/{action:approve|reject|return|withdraw|resubmit}")
	@Operation(summary = "Act on a run: approve, reject or return its current stage, or resubmit or withdraw it (HR)",
			description = """
					A decision (approve, reject, return) names its stage: stageId is required (400 with errors.stageId \
					without it); reject and return also need a comment. A stageId that is no longer current is 409 with \
					type https://jmlhub.dev/problems/stale and errors.stageId. The run's requester (and its employee) \
					may not decide its stages: 403 with type https://jmlhub.dev/problems/separation-of-duties. A \
					replay with the same Idempotency-Key answers the first action.""")
	@ApiResponse(responseCode = "202", description = "Recorded; the workflow applies it asynchronously (poll the run or the action's outcome)")
	@ApiResponse(responseCode = "403", description = "Not an approver or not assigned, or separation of duties (type separation-of-duties): "
			+ "the caller asked for the run, is its employee, or approved the stage this one must differ from")
	ResponseEntity<Action> act(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@Parameter(schema = @Schema(allowableValues = { "approve", "reject", "return", "resubmit", "withdraw" })) @PathVariable String action,
			@Parameter(required = true, description = "A key of the caller's choosing, unique per action: a retry with the same key and body answers the first action again")
			@RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey,
			@RequestBody(required = false) @Validated ActionBody body) {
		ActionBody request = body == null ? new ActionBody(null, null) : body;
		Action recorded = runs.act(user, id,
				new ActionRequest(ActionKind.of(action), request.stageId(), request.comment(), idempotencyKey));
		return ResponseEntity.status(HttpStatus.ACCEPTED).body(recorded);
	}
}
