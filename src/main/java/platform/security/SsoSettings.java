package platform.security;

import java.time.Instant;
import java.util.List;

/**
 * A tenant's single sign-on: its OIDC issuer and client, the claims that carry the email and the
 * groups, the mapping of group claim values to roles and approver groups, and whether local
 * passwords still sign in. {@code updatedAt} versions the cached client registration.
 */
public record SsoSettings(String issuerUri, String clientId, String clientSecret, String emailClaim, String groupsClaim,
		boolean localPasswords, List<Mapping> mappings, Instant updatedAt) {

	/** A value of the groups claim gives a role, an approver group, or both. */
	public record Mapping(String claimValue, String role, String group) {
	}
}
