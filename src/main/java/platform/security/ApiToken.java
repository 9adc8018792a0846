package platform.security;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonCreator;

import io.swagger.v3.oas.annotations.media.Schema;
import platform.Badge;
import platform.LowerCaseName;

/** An API token as admins see it: never the token itself, only a hint of its first characters. */
@Schema(name = "ApiToken", description = "A tenant-scoped API token (service account); the secret is never shown again")
record ApiToken(UUID id, String name, List<String> roles,
		@Schema(description = "The first characters of the token, to recognise it", example = "jmlh_AbC1…") String hint,
		String createdBy, Instant createdAt, Instant expiresAt, Instant revokedAt, String revokedBy, Instant lastUsedAt,
		@Schema(allowableValues = { "active", "expired", "revoked" }) Status status) {

	/** Whether a token still opens the API. */
	enum Status implements LowerCaseName {
		ACTIVE, EXPIRED, REVOKED;

		@JsonCreator
		static Status of(String value) {
			return LowerCaseName.parse(Status.class, value);
		}
	}

	/** Active, expired or revoked at {@code now}. */
	static Status statusAt(Instant now, Instant expiresAt, Instant revokedAt) {
		if (revokedAt != null) {
			return Status.REVOKED;
		}
		return expiresAt.isAfter(now) ? Status.ACTIVE : Status.EXPIRED;
	}

	public boolean active() {
		return status == Status.ACTIVE;
	}

	/** The status as the tokens page shows it. */
	public Badge badge() {
		return Badge.of(status, active() ? Badge.Tone.SUCCESS : Badge.Tone.LIGHT);
	}
}
