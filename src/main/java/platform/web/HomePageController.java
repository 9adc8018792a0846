package platform.web;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

import platform.AppUser;
import platform.Role;

/** Login page and the home redirect: each role lands on the page it works on. */
@Controller
class HomePageController {

	@GetMapping("/login")
	String login() {
		return "login";
	}

	@GetMapping("/")
	String home(@AuthenticationPrincipal AppUser user) {
		if (user.hasRole(Role.APPROVER)) {
			return "redirect:/inbox";
		}
		if (user.hasRole(Role.HR)) {
			return "redirect:/hr/employees";
		}
		if (user.hasRole(Role.ADMIN)) {
			return "redirect:/admin/outbox";
		}
		return "home";
	}
}
