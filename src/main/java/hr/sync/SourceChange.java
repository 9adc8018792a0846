package hr.sync;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The HR source as its ADMIN saves it. {@code secret} (the bearer token, or the basic password) is
 * write-only: left out, the stored one is kept (as long as {@code auth} stays the same). Left out,
 * {@code offboardMissing} and {@code enabled} are true. {@code version} is the version replaced (or
 * If-Match).
 */
public record SourceChange(String url, String format, String auth, String username,
		@Schema(accessMode = Schema.AccessMode.WRITE_ONLY, description = "bearer token or basic password; never returned")
		String secret, Integer everyMinutes, Boolean offboardMissing, Boolean enabled, Integer version) {
}
