package workflow.web;

import java.util.Map;
import java.util.UUID;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import workflow.Stage;
import workflow.decisions.StageReassignment;

/**
 * The run page's reassign box (ADMIN): a fragment of its own ({@code workflow/reassign}), loaded
 * next to the run panel and swapped by itself, so the decision panel stays as it is. Refusals
 * show inline at their field; nothing is saved then.
 */
@Controller
@AdminOnly
class StageReassignPageController {

	private final StageReassignment reassignment;

	StageReassignPageController(StageReassignment reassignment) {
		this.reassignment = reassignment;
	}

	@GetMapping("/runs/{id}/reassign")
	String form(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id, Model model) {
		return fragment(admin, id, Map.of(), model);
	}

	@PostMapping("/runs/{id}/stages/{stageId}/reassign")
	String reassign(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id, @PathVariable UUID stageId,
			@RequestParam(required = false) String to, @RequestParam(required = false) String from,
			@RequestParam(required = false) String reason, Model model) {
		try {
			Stage stage = reassignment.reassign(admin, id, stageId, to, from, reason);
			model.addAttribute("success", "Reassigned: " + stage.title() + " is now assigned to "
					+ String.join(", ", stage.assignees()) + ".");
			return fragment(admin, id, Map.of(), model);
		}
		catch (DomainException.InvalidInput e) {
			model.addAttribute("reason", reason);
			return fragment(admin, id, e.fieldErrors(), model);
		}
		catch (DomainException.Conflict e) {
			model.addAttribute("reason", reason);
			return fragment(admin, id, Map.of("to", e.getMessage()), model);
		}
	}

	private String fragment(AppUser admin, UUID id, Map<String, String> errors, Model model) {
		model.addAttribute("runId", id);
		model.addAttribute("options", reassignment.options(admin.tenantId(), id).orElse(null));
		model.addAttribute("errors", errors);
		return "workflow/reassign :: reassign";
	}
}
