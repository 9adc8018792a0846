package notifications.web;

import java.util.Optional;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import notifications.preferences.NotificationPreferences;
import notifications.preferences.UnsubscribeTokens;
import notifications.preferences.UnsubscribeTokens.Scope;

/**
 * The one-click unsubscribe of RFC 8058, without a sign-in (the signed token is the credential): a
 * mail's {@code List-Unsubscribe} address. GET shows what it would turn off and a button (opening a
 * link changes nothing: mail scanners open links); POST, from that button or from the mail
 * provider's own unsubscribe ({@code List-Unsubscribe=One-Click}), turns that one kind off for that
 * one user, audited. A token that is malformed or changed is refused with a 400 page.
 */
@Controller
@RequestMapping("/unsubscribe")
class UnsubscribeController {

	private final UnsubscribeTokens tokens;
	private final NotificationPreferences preferences;

	UnsubscribeController(UnsubscribeTokens tokens, NotificationPreferences preferences) {
		this.tokens = tokens;
		this.preferences = preferences;
	}

	@GetMapping
	String confirm(@RequestParam(required = false) String token, Model model, HttpServletResponse response) {
		return page(token, tokens.read(token), false, model, response);
	}

	@PostMapping
	String unsubscribe(@RequestParam(required = false) String token, Model model, HttpServletResponse response) {
		Optional<Scope> scope = tokens.read(token);
		scope.ifPresent(s -> preferences.turnOff(s.tenantId(), s.username(), s.kind()));
		return page(token, scope, true, model, response);
	}

	private static String page(String token, Optional<Scope> scope, boolean done, Model model, HttpServletResponse response) {
		if (scope.isEmpty()) {
			response.setStatus(HttpStatus.BAD_REQUEST.value());
			model.addAttribute("invalid", true);
			return "notifications/unsubscribe";
		}
		model.addAttribute("token", token);
		model.addAttribute("username", scope.get().username());
		model.addAttribute("kind", scope.get().kind().label());
		model.addAttribute("done", done);
		return "notifications/unsubscribe";
	}
}
