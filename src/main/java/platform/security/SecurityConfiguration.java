package platform.security;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.context.annotation.Bean;
import org.springframework.security.web.firewall.HttpStatusRequestRejectedHandler;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.HeadersConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;

import platform.AppUser;
import platform.Role;

/**
 * Two chains: the JSON API ({@code /v1/**}, and HR's SCIM endpoint {@code /scim/**}) is stateless, takes API tokens ({@code Bearer}) and
 * HTTP Basic (never challenged, see {@link ProblemSecurityHandler}) without CSRF and answers
 * problem+json; the console uses form login with a session and CSRF. Role and assignment checks
 * live next to the code they protect ({@code @PreAuthorize} and the services).
 */
@Configuration
@EnableMethodSecurity
class SecurityConfiguration {

	/** The notifications' one-click unsubscribe page (a link in mails, opened and posted without a sign-in). */
	static final String ONE_CLICK_UNSUBSCRIBE = "/unsubscribe";

	/** Every tenant role: what the runs (JML work, every employee's) ask for; a user with none requests access. */
	private static final String[] ROLE_NAMES = java.util.Arrays.stream(Role.values()).map(Role::name).toArray(String[]::new);

	@Bean
	@Order(1)
	SecurityFilterChain apiSecurity(HttpSecurity http, ProblemSecurityHandler problems, ApiTokenAuthenticator tokens)
			throws Exception {
		http.securityMatcher("/v1/**", "/scim/**")
			.authorizeHttpRequests(requests -> requests
				// jobs work across tenants: platform operators only, not a tenant's ADMIN
				.requestMatchers("/v1/admin/jobs/**", "/v1/admin/jobs").hasRole(AppUser.OPERATOR)
				.requestMatchers("/v1/platform/**").hasRole(AppUser.OPERATOR)
				.requestMatchers("/v1/admin/**").hasRole(Role.ADMIN.name())
				.requestMatchers("/v1/hr/**").hasRole(Role.HR.name())
				// HR's SCIM inbound endpoint: an HR system's push, as /v1/hr/** is
				.requestMatchers("/scim/**").hasRole(Role.HR.name())
				// the runs are the work of the roles: a user without one requests access and sees their own
				.requestMatchers("/v1/workflow-runs", "/v1/workflow-runs/**").hasAnyRole(ROLE_NAMES)
				.anyRequest().authenticated())
			.addFilterBefore(new ApiTokenAuthenticationFilter(tokens, problems), BasicAuthenticationFilter.class)
			.httpBasic(basic -> basic.authenticationEntryPoint(problems))
			.exceptionHandling(errors -> errors.authenticationEntryPoint(problems).accessDeniedHandler(problems))
			.sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.csrf(csrf -> csrf.disable())
			.headers(SecurityConfiguration::strictHeaders);
		return http.build();
	}

	@Bean
	@Order(2)
	SecurityFilterChain consoleSecurity(HttpSecurity http, TenantClientRegistrations registrations, SsoUserService ssoUsers,
			SsoLogin ssoLogin) throws Exception {
		http.authorizeHttpRequests(requests -> requests
				.requestMatchers("/login", "/login/sso", "/webjars/**", "/css/**", "/js/**", "/favicon.ico", "/favicon.svg", "/error",
						"/v3/api-docs/**", "/swagger-ui/**", "/swagger-ui.html")
				.permitAll()
				// management endpoints: only reachable on the management address
				.requestMatchers("/healthz", "/readyz", "/metrics", "/health/**")
				.permitAll()
				// a mail's one-click unsubscribe (RFC 8058): its signed token is the credential
				.requestMatchers(ONE_CLICK_UNSUBSCRIBE)
				.permitAll()
				.requestMatchers("/admin/jobs/**", "/admin/jobs").hasRole(AppUser.OPERATOR)
				.requestMatchers("/platform/**").hasRole(AppUser.OPERATOR)
				.requestMatchers("/admin/**").hasRole(Role.ADMIN.name())
				.requestMatchers("/hr/**").hasRole(Role.HR.name())
				.requestMatchers("/runs", "/runs/**").hasAnyRole(ROLE_NAMES)
				.anyRequest()
				.authenticated())
			.addFilterBefore(new OrganisationLoginFilter(), UsernamePasswordAuthenticationFilter.class)
			.formLogin(form -> form.loginPage("/login").defaultSuccessUrl("/", true).permitAll())
			// single sign-on per tenant (OIDC): see TenantClientRegistrations, SsoUserService, SsoLogin
			.oauth2Login(oauth -> oauth.loginPage("/login")
				.clientRegistrationRepository(registrations)
				.tokenEndpoint(token -> token.accessTokenResponseClient(SsoTokenClient.create()))
				.userInfoEndpoint(userInfo -> userInfo.oidcUserService(ssoUsers))
				.successHandler(ssoLogin)
				.failureUrl("/login?sso_error"))
			.logout(logout -> logout.logoutSuccessUrl("/login?logout"))
			// mail providers POST the one-click unsubscribe without a session, hence without a CSRF token
			.csrf(csrf -> csrf.ignoringRequestMatchers(ONE_CLICK_UNSUBSCRIBE))
			.headers(SecurityConfiguration::strictHeaders);
		return http.build();
	}

	/**
	 * Scripts and styles only from this origin, never framed, no referrer to other sites, no
	 * powerful browser features. No inline script and no eval (htmx runs with {@code allowEval}
	 * off, so no trigger filters or {@code js:} values). Inline styles are allowed, and only they:
	 * htmx adds its indicator styles as a {@code <style>} element and Swagger UI styles inline.
	 * HSTS is sent on HTTPS requests.
	 */
	static void strictHeaders(HeadersConfigurer<HttpSecurity> headers) {
		headers.contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
			.referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.SAME_ORIGIN))
			.permissionsPolicyHeader(permissions -> permissions.policy(PERMISSIONS_POLICY))
			.frameOptions(frame -> frame.deny());
	}

	static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; "
			+ "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; "
			+ "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

	static final String PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

	/**
	 * A request the firewall refuses (a header value with bytes outside printable ASCII, an
	 * encoded slash...) is the caller's mistake: 400 through the error page (problem+json for the
	 * API), not an exception that ends as a 500.
	 */
	@Bean
	RequestRejectedHandler requestRejectedHandler() {
		return new HttpStatusRequestRejectedHandler(HttpServletResponse.SC_BAD_REQUEST);
	}

	@Bean
	PasswordEncoder passwordEncoder() {
		return PasswordEncoderFactories.createDelegatingPasswordEncoder();
	}
}
