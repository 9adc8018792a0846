package platform.security;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import io.swagger.v3.oas.annotations.media.Schema;

/** An API token as admins see it: never the token itself, only a hint of its first characters. */
@Schema(name = "ApiToken", description = "A tenant-scoped API token (service account); the secret is never shown again")
record ApiToken(UUID id, String name, List<String> roles,
		@Schema(description = "The first characters of the token, to recognise it", example = "jmlh_AbC1…") String hint,
		String createdBy, Instant createdAt, Instant expiresAt, Instant revokedAt, String revokedBy, Instant lastUsedAt,
		@Schema(allowableValues = { "active", "expired", "revoked" }) String status) {

	/** {@code active}, {@code expired} or {@code revoked} at {@code now}. */
	static String statusAt(Instant now, Instant expiresAt, Instant revokedAt) {
		if (revokedAt != null) {
			return "revoked";
		}
		return expiresAt.isAfter(now) ? "active" : "expired";
	}

	public boolean active() {
		return status.equals("active");
	}
}
