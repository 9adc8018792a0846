package workflow.projection;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;

import platform.ApiException;
import workflow.Run;

/** The keyset position of a run in the newest-first list, as an opaque URL-safe token. */
public record RunCursor(Instant createdAt, UUID id) {

	public static RunCursor of(Run run) {
		return new RunCursor(run.createdAt(), run.id());
	}

	public String encode() {
		String raw = createdAt + "|" + id;
		return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
	}

	/** Null for a blank token; a 400 for a token this class did not make. */
	public static RunCursor decode(String token) {
		if (token == null || token.isBlank()) {
			return null;
		}
		try {
			String raw = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
			int bar = raw.indexOf('|');
			return new RunCursor(Instant.parse(raw.substring(0, bar)), UUID.fromString(raw.substring(bar + 1)));
		}
		catch (RuntimeException e) {
			throw new ApiException.InvalidInput("cursor", "is not a cursor this API returned");
		}
	}
}
