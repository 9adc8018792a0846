package platform.web;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

import platform.AppUser;
import platform.NavEntry;
import platform.NavigationContributor;

/**
 * The console's navigation ({@code ${@navigation.current()}} in the layout): the entries every
 * module contributes ({@link NavigationContributor}), those the signed-in user's roles allow,
 * grouped. A bean the layout asks rather than a model attribute, so error pages (rendered by
 * exception handlers, which get no model attributes) show the same navigation.
 */
@Component("navigation")
class Navigation {

	private final List<NavEntry> entries;

	Navigation(List<NavigationContributor> contributors) {
		this.entries = contributors.stream().flatMap(contributor -> contributor.navEntries().stream()).toList();
	}

	/** The navigation of the signed-in user on the page being rendered; null when nobody is signed in. */
	public ConsoleNavigation current() {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication == null || !(authentication.getPrincipal() instanceof AppUser user)) {
			return null;
		}
		String path = "";
		if (RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes) {
			HttpServletRequest request = attributes.getRequest();
			path = request.getRequestURI().substring(request.getContextPath().length());
		}
		return ConsoleNavigation.of(entries, user, path);
	}
}
