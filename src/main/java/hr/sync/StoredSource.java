package hr.sync;

import java.time.Instant;

/**
 * A tenant's source row as stored: the settings, the sealed secret and the cursor (the last answer's
 * validators, and {@code contentSha256}: the hash of the last body that became an import).
 */
record StoredSource(String url, SourceFormat format, SourceAuth auth, String username, String sealedSecret,
		int everyMinutes, boolean offboardMissing, boolean enabled, int version, Instant nextDueAt, String etag,
		String lastModified, int failures, String contentSha256) {

	/** As the API shows it: no secret. */
	HrSource shown() {
		return new HrSource(url, format.value(), auth.value(), username, sealedSecret != null, everyMinutes, offboardMissing,
				enabled, version, nextDueAt, etag, lastModified, failures);
	}
}
