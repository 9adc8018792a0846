package platform.web;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.GetMapping;

import platform.AppUser;
import platform.Role;

/** Login page and the home redirect: each role lands on the page it works on. */
@Controller
class HomePageController {

	/** The organisation of the last sign-in comes from the cookie the sign-in set (JMLHUB_ORGANISATION). */
	@GetMapping("/login")
	String login(@CookieValue(name = "JMLHUB_ORGANISATION", required = false) String organisation, Model model) {
		model.addAttribute("organisation", organisation == null ? "" : organisation);
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
