package workflow.web;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.StringUtils;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import platform.ApiException;
import platform.AppUser;
import workflow.Run;
import workflow.RunFilter;
import workflow.RunPermissions;
import workflow.Stage;
import workflow.decisions.RunActions;
import workflow.queries.RunQueries;
import workflow.queries.RunQueries.RunDetail;

/**
 * Runs list and run detail. The detail's panel (status, stage timeline, action forms, history,
 * grants) is one Thymeleaf fragment: the full page includes it, HTMX swaps it after an action and
 * polls it until the workflow has settled every action. Everything is read from the projection.
 */
@Controller
class RunPageController {

	static final List<String> DEFINITIONS = List.of("joiner", "mover", "leaver");
	static final List<String> STATUSES = List.of("requested", "running", "returned", "completed", "rejected", "withdrawn",
			"start_failed");

	private final RunQueries queries;
	private final RunActions actions;

	RunPageController(RunQueries queries, RunActions actions) {
		this.queries = queries;
		this.actions = actions;
	}

	@GetMapping("/runs")
	String list(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String status,
			@RequestParam(required = false) String definition, @RequestParam(required = false) String q,
			@RequestParam(required = false) String cursor, Model model) {
		String statusFilter = status != null && STATUSES.contains(status) ? status : null;
		String definitionFilter = definition != null && DEFINITIONS.contains(definition) ? definition : null;
		RunFilter filter = new RunFilter(statusFilter, definitionFilter, null, StringUtils.hasText(q) ? q.strip() : null, null);
		model.addAttribute("page", queries.list(user.tenantId(), filter, cursor, RunQueries.DEFAULT_LIMIT));
		model.addAttribute("status", statusFilter);
		model.addAttribute("definition", definitionFilter);
		model.addAttribute("q", filter.employeeSearch());
		model.addAttribute("cursor", StringUtils.hasText(cursor) ? cursor : null);
		model.addAttribute("statuses", STATUSES);
		model.addAttribute("definitions", DEFINITIONS);
		return "workflow/runs";
	}

	@GetMapping("/runs/{id}")
	String detail(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, Model model) {
		panelModel(user, queries.detail(user.tenantId(), id), model);
		return "workflow/run";
	}

	@GetMapping("/runs/{id}/panel")
	String panel(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, Model model) {
		panelModel(user, queries.detail(user.tenantId(), id), model);
		return "workflow/run :: panel";
	}

	@PostMapping("/runs/{id}/actions/{action:approve|reject|return|withdraw|resubmit}")
	String act(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, @PathVariable String action,
			@RequestParam(required = false) UUID stageId, @RequestParam(required = false) String comment,
			@RequestParam(required = false) String idempotencyKey, Model model) {
		try {
			actions.act(user, id, new RunActions.Request(action, stageId, comment, idempotencyKey));
		}
		catch (ApiException.InvalidInput e) {
			model.addAttribute("formErrors", Map.of(action, String.join("; ", messages(e.fieldErrors()))));
			model.addAttribute("formComments", Map.of(action, comment == null ? "" : comment));
		}
		catch (ApiException.Conflict | ApiException.Forbidden e) {
			model.addAttribute("error", e.getMessage());
		}
		panelModel(user, queries.detail(user.tenantId(), id), model);
		return "workflow/run :: panel";
	}

	/**
	 * Whether the workflow is about to change the run: an action is not applied yet, a requested
	 * start is under way, or a running run is between two stages. The panel polls until not.
	 */
	static boolean waitingForWorkflow(RunDetail detail) {
		Run run = detail.run();
		Stage current = detail.currentStage();
		boolean betweenStages = Run.RUNNING.equals(run.status())
				&& (current == null || !(Stage.ACTIVE.equals(current.status()) || Stage.BLOCKED.equals(current.status())));
		return !detail.settled() || betweenStages
				|| (Run.REQUESTED.equals(run.status()) && run.startRequestedAt() != null);
	}

	private static List<String> messages(Map<String, String> fieldErrors) {
		List<String> messages = new ArrayList<>();
		fieldErrors.forEach((field, message) -> messages.add(("comment".equals(field) ? "A comment" : field) + " " + message));
		return messages;
	}

	private static void panelModel(AppUser user, RunDetail detail, Model model) {
		model.addAttribute("detail", detail);
		model.addAttribute("run", detail.run());
		model.addAttribute("allowed", RunPermissions.allowedActions(user, detail));
		// a fresh key per rendered form: a double click re-sends the same key, a new render a new one
		Map<String, String> formKeys = new HashMap<>();
		RunPermissions.allowedActions(user, detail).forEach(action -> formKeys.put(action, UUID.randomUUID().toString()));
		model.addAttribute("formKeys", formKeys);
		model.addAttribute("waiting", waitingForWorkflow(detail));
	}
}
