package platform.security;

import java.util.UUID;

import org.springframework.security.authentication.AbstractAuthenticationToken;

import platform.AppUser;

/**
 * A caller that presented a valid API token: its principal is an {@link AppUser} of the token's
 * tenant named {@code token:<name>}, with the token's roles and no groups, so the API's role
 * checks and tenant scoping apply to it as to a person.
 */
final class ApiTokenAuthentication extends AbstractAuthenticationToken {

	/** The username prefix of token callers; a colon can never be part of an HTTP Basic username. */
	static final String USERNAME_PREFIX = "token:";

	private final AppUser principal;
	private final UUID tokenId;

	ApiTokenAuthentication(AppUser principal, UUID tokenId) {
		super(principal.getAuthorities());
		this.principal = principal;
		this.tokenId = tokenId;
		setAuthenticated(true);
	}

	UUID tokenId() {
		return tokenId;
	}

	@Override
	public Object getCredentials() {
		return null;
	}

	@Override
	public AppUser getPrincipal() {
		return principal;
	}
}
