package provisioning.web;

import java.util.UUID;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import provisioning.effects.Effects;

/**
 * The console's Retry of a failed effect, wherever it is shown (the run page, the employee page,
 * Needs attention): the same retry as the API, then back to the page it came from
 * ({@code back}, a path of this console) with what happened.
 */
@Controller
@AdminOnly
class EffectPageController {

	private final Effects effects;

	EffectPageController(Effects effects) {
		this.effects = effects;
	}

	@PostMapping("/admin/provisioning/effects/{id}/retry")
	String retry(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id,
			@RequestParam(defaultValue = "/admin/attention") String back, RedirectAttributes redirect) {
		try {
			effects.retry(admin, id);
			redirect.addFlashAttribute("success", "The effect is scheduled again; it is tried within seconds.");
		}
		catch (DomainException.Conflict | DomainException.NotFound e) {
			redirect.addFlashAttribute("error", e.getMessage());
		}
		return "redirect:" + localPath(back);
	}

	/** Only a path of this console: never another host ({@code //evil}, {@code https:}), never a header. */
	static String localPath(String back) {
		boolean local = back.startsWith("/") && !back.startsWith("//") && !back.startsWith("/\\")
				&& back.chars().allMatch(c -> c > 0x20 && c < 0x7f);
		return local ? back : "/admin/attention";
	}
}
