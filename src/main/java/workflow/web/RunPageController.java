package workflow.web;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.StringUtils;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import platform.Page;
import platform.DomainException;
import platform.TemporalUnavailableException;
import platform.AdminOnly;
import platform.AppUser;
import platform.ConsoleTime;
import platform.Role;
import workflow.RunRow;
import workflow.ActionKind;
import workflow.ActionOutcome;
import workflow.ActionRequest;
import workflow.Run;
import workflow.Repair;
import workflow.RepairOutcome;
import workflow.RunDetail;
import workflow.RunFilter;
import workflow.RunStatus;
import workflow.Runs;
import workflow.Stage;
import workflow.StageStatus;
import workflow.definition.Definition;

/**
 * Runs list and run detail. The detail's panel (status, the employee and the request, the stage
 * to decide with what it grants, earlier decisions, the decision form, history, grants) is one
 * Thymeleaf fragment: the full page includes it, HTMX swaps it after an action and polls it until
 * the workflow has settled every action. Everything is read from the projection (and display
 * names from the user directory).
 */
@Controller
class RunPageController {

	static final List<String> DEFINITIONS = List.of(Definition.JOINER, Definition.MOVER, Definition.LEAVER);
	static final List<String> STATUSES = Arrays.stream(RunStatus.values()).map(RunStatus::value).toList();

	/** What each action does, one line under its button: the decision form explains its buttons. */
	static final Map<String, String> EXPLANATIONS = Map.of(
			"approve", "Counts your approval; with enough approvals the stage grants what it lists and the run moves on.",
			"return", "Sends the run back to HR to edit and resubmit; this stage then decides again.",
			"reject", "Ends the run and undoes what earlier stages granted.",
			"resubmit", "Sends the run back to the stage that returned it, with the employee data as it is now.",
			"withdraw", "Ends the run for good and undoes what earlier stages granted; irreversible.");

	/** The irreversible actions ask first (htmx hx-confirm: no inline script under the CSP). */
	static final Map<String, String> CONFIRMATIONS = Map.of(
			"reject", "Reject this run? It ends the run and undoes what earlier stages granted.",
			"withdraw", "Withdraw this run? It ends the run for good and undoes what earlier stages granted.");

	/** How long the page of a run HR just edited and resubmitted waits for the resubmit to arrive. */
	static final Duration RESUBMIT_WAIT = Duration.ofMinutes(1);

	private final Runs runs;
	private final NavBadges badges;
	private final Clock clock;
	private final ConsoleTime times;
	private final EffectsOfRuns effects;
	private final MailOfRuns mail;

	RunPageController(Runs runs, NavBadges badges, Clock clock, ConsoleTime times, EffectsOfRuns effects,
			MailOfRuns mail) {
		this.mail = mail;
		this.runs = runs;
		this.badges = badges;
		this.clock = clock;
		this.times = times;
		this.effects = effects;
	}

	/**
	 * The runs list. Unknown filter values are ignored (the page shows all), a malformed
	 * {@code employeeId} too: the page never answers a stale bookmark with an error.
	 */
	@GetMapping("/runs")
	String list(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String status,
			@RequestParam(required = false) String definition, @RequestParam(required = false) String q,
			@RequestParam(required = false) String employeeId, @RequestParam(defaultValue = "false") boolean mine,
			@RequestParam(defaultValue = "false") boolean overdue, @RequestParam(defaultValue = "false") boolean blocked,
			@RequestParam(required = false) String cursor, Model model) {
		String statusFilter = status != null && STATUSES.contains(status) ? status : null;
		String definitionFilter = definition != null && DEFINITIONS.contains(definition) ? definition : null;
		UUID employee = uuidOrNull(employeeId);
		RunFilter filter = new RunFilter(RunStatus.of(statusFilter), definitionFilter, employee,
				StringUtils.hasText(q) ? q.strip() : null, mine ? user.getUsername() : null, overdue, blocked);
		Page<RunRow> page = runs.rows(user.tenantId(), filter, cursor, Runs.DEFAULT_LIMIT);
		RunListQuery query = new RunListQuery(statusFilter, definitionFilter, filter.employeeSearch(), employee, mine,
				overdue, blocked);
		model.addAttribute("rows", page.items().stream().map(row -> RunListRow.of(row, times)).toList());
		model.addAttribute("nextCursor", page.nextCursor());
		model.addAttribute("query", query);
		model.addAttribute("chips", query.statusChips(STATUSES));
		model.addAttribute("status", statusFilter);
		model.addAttribute("definition", definitionFilter);
		model.addAttribute("q", filter.employeeSearch());
		model.addAttribute("employeeId", employee);
		model.addAttribute("employeeName", page.items().isEmpty() ? null : page.items().get(0).run().employeeName());
		model.addAttribute("cursor", StringUtils.hasText(cursor) ? cursor : null);
		model.addAttribute("definitions", DEFINITIONS);
		model.addAttribute("approver", user.roles().contains(Role.APPROVER));
		return "workflow/runs";
	}

	private static UUID uuidOrNull(String value) {
		if (!StringUtils.hasText(value)) {
			return null;
		}
		try {
			return UUID.fromString(value.strip());
		}
		catch (IllegalArgumentException e) {
			return null;
		}
	}

	/**
	 * {@code resubmitted} is set by HR's edit-and-resubmit (the moment it saved): the resubmit
	 * follows from the edit's event, so the page waits for it a while.
	 */
	@GetMapping("/runs/{id}")
	String detail(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@RequestParam(required = false) Long resubmitted, Model model) {
		panelModel(user, runs.detail(user.tenantId(), id), model);
		awaitResubmit(resubmitted, model);
		return "workflow/run";
	}

	@GetMapping("/runs/{id}/panel")
	String panel(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@RequestParam(required = false) Long resubmitted, Model model) {
		panelModel(user, runs.detail(user.tenantId(), id), model);
		awaitResubmit(resubmitted, model);
		return "workflow/run :: panel";
	}

	/**
	 * Records an action and answers the panel with what happened (the action by the stage's title
	 * and the employee's name), the next stage of the inbox after a decision, and the nav counts
	 * as out-of-band swaps. An irreversible action (reject, withdraw) is validated first and then
	 * asks for a confirmation in the panel: a missing comment is said before "are you sure?".
	 */
	@PostMapping("/runs/{id}/actions/{action:approve|reject|return|withdraw|resubmit}")
	String act(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, @PathVariable String action,
			@RequestParam(required = false) UUID stageId, @RequestParam(required = false) String comment,
			@RequestParam(required = false) String idempotencyKey,
			@RequestParam(defaultValue = "false") boolean confirmed, Model model) {
		ActionKind kind = ActionKind.of(action);
		int inboxBefore = user.hasRole(Role.APPROVER) ? badges.inbox(user) : 0;
		int hrWorkBefore = user.hasRole(Role.HR) ? badges.hrWork(user.tenantId()) : 0;
		boolean recorded = false;
		if (CONFIRMATIONS.containsKey(action) && !confirmed) {
			if (kind.needsComment() && !StringUtils.hasText(comment)) {
				model.addAttribute("formErrors", Map.of(action, "A comment is required to " + action + ": say why, for HR and the record."));
			}
			else {
				model.addAttribute("confirming", action);
			}
			model.addAttribute("formComment", comment == null ? "" : comment);
		}
		else {
			try {
				runs.act(user, id, new ActionRequest(kind, stageId, comment, idempotencyKey));
				badges.forget(user);
				recorded = true;
			}
			catch (DomainException.InvalidInput e) {
				model.addAttribute("formErrors", Map.of(action, String.join("; ", messages(e.fieldErrors()))));
				model.addAttribute("formComment", comment == null ? "" : comment);
			}
			catch (DomainException.Conflict | DomainException.Forbidden e) {
				model.addAttribute("error", e.getMessage());
			}
		}
		RunDetail detail = runs.detail(user.tenantId(), id);
		panelModel(user, detail, model);
		if (model.getAttribute("confirming") != null && idempotencyKey != null) {
			// the confirmation re-sends the key of the form the user filled in
			model.addAttribute("formKey", idempotencyKey);
		}
		if (recorded) {
			model.addAttribute("done", ActionClosure.message(kind, detail, stageId));
			if (kind.decision() && user.hasRole(Role.APPROVER)) {
				model.addAttribute("nextInbox", runs.inboxPage(user, null, 2).items().stream()
					.filter(item -> !item.runId().equals(id))
					.findFirst()
					.orElse(null));
				model.addAttribute("nextInboxShown", true);
			}
			// the nav badges a page already shows are swapped out of band: they exist only when non-zero
			if (inboxBefore > 0) {
				model.addAttribute("inboxCountNow", InboxCountAdvice.badge(badges.inbox(user)));
				model.addAttribute("inboxCountSwap", true);
			}
			if (hrWorkBefore > 0) {
				model.addAttribute("hrWorkCountNow", InboxCountAdvice.badge(badges.hrWork(user.tenantId())));
				model.addAttribute("hrWorkCountSwap", true);
			}
		}
		return "workflow/run-acted :: acted";
	}

	/** An ADMIN repairs a run that needs attention or failed to start; the panel shows how it went. */
	@AdminOnly
	@PostMapping("/runs/{id}/repair")
	String repair(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@RequestParam(required = false) String idempotencyKey, Model model) {
		try {
			Repair repair = runs.repair(user, id, idempotencyKey);
			if (repair.outcome() == RepairOutcome.FAILED) {
				model.addAttribute("error", "The repair failed: " + repair.error());
			}
			else {
				model.addAttribute("repaired", "Repaired: the run goes on at " + repair.resumedStage() + ".");
			}
		}
		catch (DomainException.Conflict | DomainException.Forbidden | DomainException.InvalidInput e) {
			model.addAttribute("error", e.getMessage());
		}
		catch (TemporalUnavailableException e) {
			// the failed attempt is recorded with the run's attention; the panel offers the repair again
			model.addAttribute("error", "Temporal is not answering right now, so the run was not repaired; it still "
					+ "needs attention. Try again in a few seconds.");
		}
		panelModel(user, runs.detail(user.tenantId(), id), model);
		return "workflow/run :: panel";
	}

	/**
	 * Whether the workflow is about to change the run: an action is not applied yet, a requested
	 * start is under way, or a running run is between two stages. The panel polls until not.
	 */
	static boolean waitingForWorkflow(RunDetail detail) {
		Run run = detail.run();
		Stage current = detail.currentStage();
		boolean betweenStages = run.status() == RunStatus.RUNNING && (current == null
				|| !(current.status() == StageStatus.ACTIVE || current.status() == StageStatus.BLOCKED));
		// an undeliverable decision waits for a repair, not for the workflow: no polling for it
		return detail.actionPending() || betweenStages
				|| (run.status() == RunStatus.REQUESTED && run.startRequestedAt() != null);
	}

	/** While a resubmit HR just asked for has not reached the returned run, the panel keeps polling. */
	private void awaitResubmit(Long resubmitted, Model model) {
		RunDetail detail = (RunDetail) model.getAttribute("detail");
		if (resubmitted != null && detail.run().status() == RunStatus.RETURNED
				&& clock.instant().isBefore(Instant.ofEpochMilli(resubmitted).plus(RESUBMIT_WAIT))) {
			model.addAttribute("waiting", true);
			model.addAttribute("resubmitted", resubmitted);
		}
	}

	private static List<String> messages(Map<String, String> fieldErrors) {
		List<String> messages = new ArrayList<>();
		// the console names no field: only the comment is on this form
		fieldErrors.forEach((field, message) -> messages.add("comment".equals(field) ? "A comment " + message : message));
		return messages;
	}

	private void panelModel(AppUser user, RunDetail detail, Model model) {
		// the names, in the console's order: the template builds ids, URLs and labels from them
		Set<String> allowed = runs.allowedActions(user, detail).stream()
			.map(ActionKind::value)
			.collect(Collectors.toCollection(LinkedHashSet::new));
		model.addAttribute("detail", detail);
		model.addAttribute("run", detail.run());
		model.addAttribute("effects", effects.ofRun(user.tenantId(), detail.run().id()));
		model.addAttribute("stageMail", mail.byStage(user.tenantId(), detail));
		model.addAttribute("admin", user.hasRole(Role.ADMIN));
		model.addAttribute("statusBadge", StatusBadge.of(detail.run().status()));
		model.addAttribute("allowed", allowed);
		model.addAttribute("waiting", waitingForWorkflow(detail));
		model.addAttribute("explanations", EXPLANATIONS);
		model.addAttribute("confirmations", CONFIRMATIONS);
		// a fresh key per rendered form: a double click re-sends the same key, a new render a new one;
		// a recorded action renders the panel again, so one key serves all the form's buttons
		model.addAttribute("formKey", UUID.randomUUID().toString());
		Run run = detail.run();
		Stage current = detail.currentStage();
		Set<String> people = new HashSet<>();
		people.add(run.manager());
		people.add(run.fromManager());
		people.add(run.requestedBy());
		detail.actions().forEach(action -> people.add(action.actor()));
		detail.stages().forEach(stage -> {
			people.addAll(stage.assignees());
			people.addAll(stage.delegatedFor().values());
			people.addAll(stage.escalatedTo());
		});
		people.remove(null);
		model.addAttribute("names", runs.displayNames(user.tenantId(), people));
		model.addAttribute("decisions", detail.actions().stream().filter(action -> action.action().decision()).toList());
		model.addAttribute("returnAction", run.status() != RunStatus.RETURNED ? null : detail.actions().stream()
			.filter(action -> action.action() == ActionKind.RETURN && action.outcome() != ActionOutcome.IGNORED)
			.reduce((first, second) -> second)
			.orElse(null));
		boolean hr = user.roles().contains(Role.HR);
		model.addAttribute("employeeLink", hr);
		model.addAttribute("canEdit", hr && allowed.contains(ActionKind.RESUBMIT.value()));
		model.addAttribute("current", current);
		// skipped while an action is pending (the panel polls): see Runs.plan
		model.addAttribute("plans", runs.plan(user.tenantId(), detail));
		model.addAttribute("planPending", detail.actionPending() && current != null && !current.grants().isEmpty()
				&& current.status() == StageStatus.ACTIVE);
		boolean canRepair = (detail.run().status() == RunStatus.NEEDS_ATTENTION
				|| detail.run().status() == RunStatus.START_FAILED) && user.roles().contains(Role.ADMIN);
		model.addAttribute("repairKey", canRepair ? UUID.randomUUID().toString() : null);
	}
}
