package platform.security;

import java.util.List;

import jakarta.servlet.http.HttpSession;

import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.web.WebAttributes;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.GetMapping;

import platform.AppUser;
import platform.Role;
import platform.security.LoginThrottledException;
import platform.web.DatabaseOutage;

/** Login page and the home redirect: each role lands on the page it works on. */
@Controller
class HomePageController {

	/**
	 * The sign-in page: the organisation of the last sign-in comes from the cookie the sign-in set
	 * (JMLHUB_ORGANISATION); after a failed sign-in it says why: wrong credentials, throttled, or
	 * the database is down.
	 */
	@GetMapping("/login")
	String login(@RequestParam(required = false) String error,
			@CookieValue(name = "JMLHUB_ORGANISATION", required = false) String organisation, HttpSession session,
			Model model) {
		model.addAttribute("organisation", organisation == null ? "" : organisation);
		if (error != null && session != null
				&& session.getAttribute(WebAttributes.AUTHENTICATION_EXCEPTION) instanceof AuthenticationException failure) {
			if (DatabaseOutage.isOutage(failure)) {
				model.addAttribute("loginProblem", "unavailable");
			}
			else if (failure instanceof LoginThrottledException) {
				model.addAttribute("loginProblem", "throttled");
			}
		}
		return "login";
	}

	/**
	 * Each user lands on the page of their work: an approver on the inbox, HR on their queue (My
	 * work), an admin on Needs attention. A user with several roles lands by this order (approver,
	 * HR, admin): decisions wait on a person, HR's queue on a team, attention items on the admins.
	 * A user without a role (every employee may request access) gets the home page: what they can do.
	 */
	@GetMapping("/")
	String home(@AuthenticationPrincipal AppUser user) {
		return LANDING.stream()
			.filter(landing -> user.hasRole(landing.role()))
			.findFirst()
			.map(landing -> "redirect:" + landing.path())
			.orElse("home");
	}

	/** Where the holders of a role land, in the order of {@link #LANDING}. */
	record Landing(Role role, String path) {
	}

	static final List<Landing> LANDING = List.of(new Landing(Role.APPROVER, "/inbox"), new Landing(Role.HR, "/work"),
			new Landing(Role.ADMIN, "/admin/attention"));
}
