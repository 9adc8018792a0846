package workflow.web;

import java.util.UUID;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import workflow.RunStatus;
import workflow.Runs;

/**
 * The admin's needs-attention page: runs that need attention or repair, runs that failed to
 * start, undeliverable decisions and stages blocked for lack of approvers (why, since when); an
 * ADMIN starts every run that failed to start, or repairs every run of one cause, in one action.
 * It also says what the last reconciliation round checked, and when, and lists the grants'
 * effects in the directories that failed for good, each with Retry.
 */
@Controller
@AdminOnly
class AttentionPageController {

	private final Runs runs;
	private final EffectsOfRuns effects;

	AttentionPageController(Runs runs, EffectsOfRuns effects) {
		this.runs = runs;
		this.effects = effects;
	}

	@GetMapping("/admin/attention")
	String attention(@AuthenticationPrincipal AppUser user, Model model) {
		return page(user, model);
	}

	/** Repairs every run that failed to start ({@code status=start_failed}) or needs attention for {@code reason}. */
	@PostMapping("/admin/attention/repair-all")
	String repairAll(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String status,
			@RequestParam(required = false) String reason, @RequestParam(required = false) String idempotencyKey,
			Model model) {
		RunStatus which = RunStatus.START_FAILED.value().equals(status) ? RunStatus.START_FAILED
				: RunStatus.NEEDS_ATTENTION.value().equals(status) ? RunStatus.NEEDS_ATTENTION : null;
		if (which == null) {
			model.addAttribute("bulkError", "Choose the runs to repair: those that failed to start or that need attention.");
			return page(user, model);
		}
		try {
			model.addAttribute("bulk", runs.repairAll(user, which, reason == null || reason.isBlank() ? null : reason,
					idempotencyKey));
		}
		catch (DomainException.InvalidInput | DomainException.Forbidden e) {
			model.addAttribute("bulkError", e.getMessage());
		}
		return page(user, model);
	}

	private String page(AppUser user, Model model) {
		model.addAttribute("overview", runs.attention(user.tenantId()));
		model.addAttribute("failedEffects", effects.failed(user.tenantId()));
		model.addAttribute("reconcileRound", runs.lastReconcileRound(user.tenantId()).orElse(null));
		model.addAttribute("bulkKey", UUID.randomUUID().toString());
		return "workflow/attention";
	}
}
