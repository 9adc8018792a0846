package platform.security;

import java.io.IOException;
import java.util.Locale;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import platform.AppUser;

/**
 * The console's single sign-on entry: "Sign in with single sign-on" names the organisation and
 * is sent to that tenant's issuer ({@code /oauth2/authorization/<tenant>}), or back to the login
 * page when the tenant has none. After the issuer's login the session holds the tenant's
 * {@link AppUser}, like a password login, so every page and guard works the same.
 */
@Controller
class SsoLogin implements AuthenticationSuccessHandler {

	private final TenantClientRegistrations registrations;
	private final SecurityContextRepository contexts = new HttpSessionSecurityContextRepository();

	SsoLogin(TenantClientRegistrations registrations) {
		this.registrations = registrations;
	}

	/**
	 * A page with the link to the issuer, not a redirect: the console's Content-Security-Policy
	 * ({@code form-action 'self'}) forbids a form submission that ends at another origin.
	 */
	@GetMapping("/login/sso")
	String start(@RequestParam(defaultValue = "") String organisation, org.springframework.ui.Model model) {
		String tenant = organisation.strip().toLowerCase(Locale.ROOT);
		try {
			if (!tenant.isEmpty() && registrations.findByRegistrationId(tenant) != null) {
				model.addAttribute("organisation", tenant);
				return "sso-continue";
			}
		}
		catch (IllegalStateException e) {
			// the issuer is down: say so like an unknown organisation, the log has the cause
		}
		return "redirect:/login?sso_unavailable";
	}

	@Override
	public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
			Authentication authentication) throws IOException {
		AppUser user = ((SsoUserService.SsoUser) authentication.getPrincipal()).user();
		SecurityContext context = SecurityContextHolder.createEmptyContext();
		context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(user, null, user.getAuthorities()));
		SecurityContextHolder.setContext(context);
		contexts.saveContext(context, request, response);
		response.sendRedirect(request.getContextPath() + "/");
	}
}
