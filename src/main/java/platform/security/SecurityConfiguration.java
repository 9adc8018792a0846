package platform.security;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Two chains: the JSON API ({@code /v1/**}) is stateless HTTP Basic without CSRF and answers
 * problem+json; the console uses form login with a session and CSRF. Role and assignment checks
 * live next to the code they protect ({@code @PreAuthorize} and the services).
 */
@Configuration
@EnableMethodSecurity
class SecurityConfiguration {

	@Bean
	@Order(1)
	SecurityFilterChain apiSecurity(HttpSecurity http, ProblemSecurityHandler problems) throws Exception {
		http.securityMatcher("/v1/**")
			.authorizeHttpRequests(requests -> requests
				// jobs work across tenants: platform operators only, not a tenant's ADMIN
				.requestMatchers("/v1/admin/jobs/**", "/v1/admin/jobs").hasRole("OPERATOR")
				.requestMatchers("/v1/admin/**").hasRole("ADMIN")
				.requestMatchers("/v1/hr/**").hasRole("HR")
				.anyRequest().authenticated())
			.httpBasic(basic -> basic.authenticationEntryPoint(problems))
			.exceptionHandling(errors -> errors.authenticationEntryPoint(problems).accessDeniedHandler(problems))
			.sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.csrf(csrf -> csrf.disable());
		return http.build();
	}

	@Bean
	@Order(2)
	SecurityFilterChain consoleSecurity(HttpSecurity http) throws Exception {
		http.authorizeHttpRequests(requests -> requests
				.requestMatchers("/login", "/webjars/**", "/css/**", "/js/**", "/favicon.ico", "/error",
						"/v3/api-docs/**", "/swagger-ui/**", "/swagger-ui.html")
				.permitAll()
				// management endpoints: only reachable on the management address
				.requestMatchers("/healthz", "/readyz", "/metrics", "/health/**")
				.permitAll()
				.requestMatchers("/admin/jobs/**", "/admin/jobs").hasRole("OPERATOR")
				.requestMatchers("/admin/**").hasRole("ADMIN")
				.requestMatchers("/hr/**").hasRole("HR")
				.anyRequest()
				.authenticated())
			.formLogin(form -> form.loginPage("/login").defaultSuccessUrl("/", true).permitAll())
			.logout(logout -> logout.logoutSuccessUrl("/login?logout"));
		return http.build();
	}

	@Bean
	PasswordEncoder passwordEncoder() {
		return PasswordEncoderFactories.createDelegatingPasswordEncoder();
	}
}
