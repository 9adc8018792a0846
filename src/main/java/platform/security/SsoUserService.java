package platform.security;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserService;
import org.springframework.security.oauth2.client.userinfo.OAuth2UserService;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.oidc.user.DefaultOidcUser;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.stereotype.Component;

import platform.AppUser;
import platform.PlatformAudit;
import platform.TenantTransactions;
import platform.security.SsoRepository.Linked;
import platform.security.SsoSettings.Mapping;

/**
 * After Spring Security validated the ID token against the tenant's issuer (signature, issuer,
 * audience, expiry), finds the tenant's user by the email claim or provisions one, links it to the
 * issuer's subject and adds the roles and approver groups the groups claim maps to (a login never
 * removes any). A disabled user is refused. The principal it returns carries the {@link AppUser}.
 */
@Component
class SsoUserService implements OAuth2UserService<OidcUserRequest, OidcUser> {

	private final OidcUserService delegate = new OidcUserService();
	private final TenantTransactions transactions;
	private final SsoRepository repository;
	private final LoginUserDetailsService logins;
	private final PasswordEncoder encoder;
	private final PlatformAudit audit;

	SsoUserService(TenantTransactions transactions, SsoRepository repository, LoginUserDetailsService logins,
			PasswordEncoder encoder, PlatformAudit audit) {
		this.transactions = transactions;
		this.repository = repository;
		this.logins = logins;
		this.encoder = encoder;
		this.audit = audit;
	}

	/** The OIDC principal of a tenant user. */
	static final class SsoUser extends DefaultOidcUser {

		private final AppUser user;

		SsoUser(OidcUser oidc, AppUser user) {
			super(oidc.getAuthorities(), oidc.getIdToken(), oidc.getUserInfo(), "sub");
			this.user = user;
		}

		AppUser user() {
			return user;
		}
	}

	@Override
	public OidcUser loadUser(OidcUserRequest request) {
		OidcUser oidc = delegate.loadUser(request);
		String tenantId = request.getClientRegistration().getRegistrationId();
		String username = transactions.inTenant(tenantId, () -> provision(tenantId, oidc));
		AppUser user = logins.ssoUser(tenantId, username)
			.orElseThrow(() -> refused("The user " + username + " could not be loaded."));
		if (!user.isEnabled()) {
			throw refused("This account is disabled.");
		}
		return new SsoUser(oidc, user);
	}

	private String provision(String tenantId, OidcUser oidc) {
		SsoSettings settings = repository.find().orElseThrow(() -> refused("Single sign-on is not configured."));
		Object emailClaim = oidc.getClaims().get(settings.emailClaim());
		if (!(emailClaim instanceof String email) || !email.contains("@")) {
			throw refused("The ID token has no email in claim '" + settings.emailClaim() + "'.");
		}
		Set<String> values = claimValues(oidc.getClaims().get(settings.groupsClaim()));
		Set<String> roles = new LinkedHashSet<>();
		Set<String> groups = new LinkedHashSet<>();
		for (Mapping mapping : settings.mappings()) {
			if (values.contains(mapping.claimValue())) {
				if (mapping.role() != null) {
					roles.add(mapping.role());
				}
				if (mapping.group() != null) {
					groups.add(mapping.group());
				}
			}
		}
		String subject = oidc.getSubject();
		String username;
		String action;
		var existing = repository.userByEmail(email);
		if (existing.isPresent()) {
			Linked linked = existing.get();
			if (!linked.enabled()) {
				throw refused("This account is disabled.");
			}
			if (linked.subject() != null && !linked.subject().equals(subject)) {
				throw refused("This email is linked to another account of the issuer.");
			}
			username = linked.username();
			repository.link(username, subject);
			action = "user.sso_linked";
		}
		else {
			username = freeUsername(email);
			String name = oidc.getFullName() != null ? oidc.getFullName() : email;
			repository.insertUser(username, name, email, encoder.encode(UUID.randomUUID().toString()), subject);
			action = "user.sso_provisioned";
		}
		roles.forEach(role -> repository.addRole(username, role));
		List<String> joined = new ArrayList<>();
		groups.forEach(group -> {
			if (repository.addToGroup(username, group)) {
				joined.add(group);
			}
		});
		if (action.equals("user.sso_provisioned") || !roles.isEmpty() || !joined.isEmpty()) {
			Map<String, Object> detail = new LinkedHashMap<>();
			detail.put("subject", username);
			detail.put("issuer", String.valueOf(oidc.getIssuer()));
			detail.put("email", email);
			detail.put("after", Map.of("roles", roles, "groups", joined));
			audit.record("sso", action, detail);
		}
		return username;
	}

	private String freeUsername(String email) {
		String base = email.substring(0, email.indexOf('@')).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]", "-");
		base = base.isEmpty() || !Character.isLetterOrDigit(base.charAt(0)) ? "user" + base : base;
		base = base.length() > 50 ? base.substring(0, 50) : base;
		String candidate = base;
		for (int i = 2; repository.usernameTaken(candidate); i++) {
			candidate = base + "-" + i;
		}
		return candidate;
	}

	private static Set<String> claimValues(Object claim) {
		Set<String> values = new LinkedHashSet<>();
		if (claim instanceof Collection<?> collection) {
			collection.forEach(value -> values.add(String.valueOf(value)));
		}
		else if (claim instanceof String text) {
			for (String value : text.split("[,\\s]+")) {
				if (!value.isBlank()) {
					values.add(value);
				}
			}
		}
		return values;
	}

	private static OAuth2AuthenticationException refused(String why) {
		return new OAuth2AuthenticationException(new OAuth2Error("access_denied", why, null), why);
	}
}
