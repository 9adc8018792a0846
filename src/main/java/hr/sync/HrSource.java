package hr.sync;

import java.time.Instant;

/**
 * A tenant's HR source as its ADMIN reads it: the {@code url} pulled every {@code everyMinutes}
 * minutes, its {@code format} ({@code csv} or {@code jsonl}), its authentication ({@code auth}:
 * {@code none}, {@code bearer} or {@code basic} with {@code username}); the secret is never shown,
 * only whether one is set. {@code offboardMissing}: the file is the full list, and an employee it
 * no longer names is offboarded. The cursor: when the next pull is due, the validators of the last
 * answer ({@code etag}, {@code lastModified}) and the pulls failed in a row. {@code version} counts
 * the saved settings (0: none saved).
 */
public record HrSource(String url, String format, String auth, String username, boolean secretSet, Integer everyMinutes,
		boolean offboardMissing, boolean enabled, int version, Instant nextDueAt, String etag, String lastModified,
		int failures) {

	/** A tenant whose admin never saved a source. */
	static final HrSource NONE = new HrSource(null, SourceFormat.CSV.value(), SourceAuth.NONE.value(), null, false, null,
			true, false, 0, null, null, null, 0);
}
