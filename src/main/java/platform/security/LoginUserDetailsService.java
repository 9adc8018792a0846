package platform.security;

import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.stereotype.Component;

import platform.AppUser;

/**
 * Finds a login through the {@code auth_find_login} SECURITY DEFINER function. Usernames are
 * unique per tenant, so a login names its tenant as {@code user@tenant} (HTTP Basic; the console's
 * "Organisation" field is sent the same way, see {@link OrganisationLoginFilter}); a bare
 * {@code user} signs in only when exactly one tenant has that username.
 */
@Component
class LoginUserDetailsService implements UserDetailsService {

	private final JdbcClient jdbc;
	private final PlatformOperators operators;

	LoginUserDetailsService(JdbcClient jdbc, PlatformOperators operators) {
		this.jdbc = jdbc;
		this.operators = operators;
	}

	@Override
	public UserDetails loadUserByUsername(String login) {
		AppUser user = resolve(login);
		if (!jdbc.sql("SELECT auth_local_passwords(:tenant)").param("tenant", user.tenantId()).query(Boolean.class).single()) {
			// the tenant signs in through its issuer only (single sign-on, local passwords off)
			throw new UsernameNotFoundException("local passwords are off for this organisation");
		}
		return user;
	}

	/** A user of {@code tenantId} without the password-login checks, for single sign-on. */
	java.util.Optional<AppUser> ssoUser(String tenantId, String username) {
		return find(username, tenantId).stream().findFirst();
	}

	private AppUser resolve(String login) {
		LoginName name = LoginName.parse(login);
		if (name.tenant() != null) {
			List<AppUser> qualified = find(name.username(), name.tenant());
			if (!qualified.isEmpty()) {
				return qualified.get(0);
			}
		}
		// a bare name, or a name that merely contains '@' with no such tenant
		List<AppUser> anywhere = find(login, null);
		if (anywhere.size() == 1) {
			return anywhere.get(0);
		}
		throw new UsernameNotFoundException(anywhere.isEmpty() ? "unknown user" : "ambiguous user: name the organisation");
	}

	private List<AppUser> find(String username, String tenant) {
		return jdbc.sql("SELECT * FROM auth_find_login(:username, :tenant)")
			.param("username", username)
			.param("tenant", tenant)
			.query((rs, row) -> new AppUser(rs.getString("username"), rs.getString("tenant_id"),
					rs.getString("tenant_name"), rs.getString("display_name"), SqlArrays.roles(rs.getArray("roles")),
					SqlArrays.strings(rs.getArray("groups")), rs.getBoolean("enabled"), rs.getString("password_hash"),
					operators.isOperator(rs.getString("tenant_id"), rs.getString("username"))))
			.list();
	}

	/** {@code user@tenant} split at the last '@'; {@code tenant} is null for a bare name. */
	record LoginName(String username, String tenant) {

		static LoginName parse(String login) {
			int at = login.lastIndexOf('@');
			if (at <= 0 || at == login.length() - 1) {
				return new LoginName(login, null);
			}
			return new LoginName(login.substring(0, at), login.substring(at + 1));
		}
	}
}
