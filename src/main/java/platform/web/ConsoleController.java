package platform.web;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

import platform.AppUser;

/** Login page and the home redirect: each role lands on the page it works on. */
@Controller
class ConsoleController {

	@GetMapping("/login")
	String login() {
		return "login";
	}

	@GetMapping("/")
	String home(@AuthenticationPrincipal AppUser user) {
		if (user.hasRole("APPROVER")) {
			return "redirect:/inbox";
		}
		if (user.hasRole("HR")) {
			return "redirect:/hr/employees";
		}
		if (user.hasRole("ADMIN")) {
			return "redirect:/admin/outbox";
		}
		return "home";
	}
}
