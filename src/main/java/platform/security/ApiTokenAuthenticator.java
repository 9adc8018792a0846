package platform.security;

import java.time.Clock;
import java.time.Instant;
import java.util.Set;

import org.springframework.dao.DataAccessException;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.stereotype.Component;

import platform.AppUser;
import platform.Role;

/**
 * Turns a bearer token into its caller: one look-up by hash (which also records the use), then
 * revocation and expiry are checked against the {@link Clock}. No cache, so a revocation holds from
 * the next request on, on every instance.
 */
@Component
class ApiTokenAuthenticator {

	private final ApiTokenRepository tokens;
	private final ApiTokens.Settings settings;
	private final Clock clock;

	ApiTokenAuthenticator(ApiTokenRepository tokens, ApiTokens.Settings settings, Clock clock) {
		this.tokens = tokens;
		this.settings = settings;
		this.clock = clock;
	}

	ApiTokenAuthentication authenticate(String secret) {
		if (!ApiTokenSecrets.wellFormed(secret)) {
			throw new ApiTokenRejectedException("The bearer token is not a JML Hub API token.");
		}
		Instant now = clock.instant();
		ApiTokenRepository.TokenUse token;
		try {
			token = tokens.use(ApiTokenSecrets.hash(secret), now, settings.lastUsedGranularity())
				.orElseThrow(() -> new ApiTokenRejectedException("The API token is not valid."));
		}
		catch (DataAccessException e) {
			throw new AuthenticationServiceException("The API token could not be checked", e);
		}
		if (token.revokedAt() != null) {
			throw new ApiTokenRejectedException("The API token has been revoked.");
		}
		if (!token.expiresAt().isAfter(now)) {
			throw new ApiTokenRejectedException("The API token has expired.");
		}
		Set<Role> roles = Role.of(token.roles());
		AppUser user = new AppUser(ApiTokenAuthentication.USERNAME_PREFIX + token.name(), token.tenantId(),
				token.tenantName(), token.name() + " (API token)", roles, Set.of(), true, null);
		return new ApiTokenAuthentication(user, token.id());
	}
}
