package workflow.web;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import platform.AppUser;
import platform.ApproverOnly;
import platform.DomainException;
import platform.Htmx;
import workflow.decisions.Delegations;

/**
 * My delegation (APPROVER, under the user's menu): the current out-of-office delegate and a form
 * to set or remove it. htmx swaps the panel; refusals show inline at their field, nothing saved.
 */
@Controller
@ApproverOnly
@RequestMapping("/me/delegation")
class DelegationPageController {

	private final Delegations delegations;

	DelegationPageController(Delegations delegations) {
		this.delegations = delegations;
	}

	@GetMapping
	String show(@AuthenticationPrincipal AppUser user, Model model, HttpServletRequest request) {
		return page(user, null, null, null, Map.of(), model, request);
	}

	@PostMapping
	String set(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String delegate,
			@RequestParam(required = false) String from, @RequestParam(required = false) String until, Model model,
			HttpServletRequest request) {
		Map<String, String> errors = new LinkedHashMap<>();
		LocalDate start = date(from, "from", errors);
		LocalDate end = date(until, "until", errors);
		if (errors.isEmpty()) {
			try {
				var state = delegations.set(user, delegate, start, end);
				model.addAttribute("success", "Delegated to " + state.delegation().delegate()
						+ (state.active() ? "; " + state.movedAssignments() + " open assignment(s) moved to them." : " from "
								+ state.delegation().from() + "."));
				return page(user, null, null, null, Map.of(), model, request);
			}
			catch (DomainException.InvalidInput e) {
				errors.putAll(e.fieldErrors());
			}
			catch (DomainException.Conflict | DomainException.Forbidden e) {
				errors.put("delegate", e.getMessage());
			}
		}
		return page(user, delegate, from, until, errors, model, request);
	}

	@PostMapping("/remove")
	String remove(@AuthenticationPrincipal AppUser user, Model model, HttpServletRequest request) {
		if (delegations.clear(user)) {
			model.addAttribute("success", "Delegation removed: new assignments come to you again; your delegate keeps what they hold.");
		}
		return page(user, null, null, null, Map.of(), model, request);
	}

	private String page(AppUser user, String delegate, String from, String until, Map<String, String> errors, Model model,
			HttpServletRequest request) {
		var current = delegations.current(user).orElse(null);
		model.addAttribute("current", current);
		model.addAttribute("delegate", delegate != null ? delegate : current == null ? "" : current.delegation().delegate());
		model.addAttribute("from", from != null ? from : current == null ? "" : current.delegation().from().toString());
		model.addAttribute("until", until != null ? until : current == null ? "" : current.delegation().until().toString());
		model.addAttribute("errors", errors);
		// the delegate saved or typed: whom they could decide for without being eligible themselves
		model.addAttribute("warnings", delegations.eligibilityWarnings(user, (String) model.getAttribute("delegate")));
		return Htmx.isRequest(request) ? "workflow/delegation :: panel" : "workflow/delegation";
	}

	private static LocalDate date(String text, String field, Map<String, String> errors) {
		if (text == null || text.isBlank()) {
			return null;
		}
		try {
			return LocalDate.parse(text.strip());
		}
		catch (DateTimeParseException e) {
			errors.put(field, "must be a date (yyyy-mm-dd)");
			return null;
		}
	}
}
