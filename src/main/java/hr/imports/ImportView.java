package hr.imports;

import java.time.Instant;
import java.util.UUID;

/**
 * An import as the API shows it: {@code status} previewed (a dry run, nothing applied), held (it
 * would offboard more than the threshold: an ADMIN must confirm), applying, applied, superseded (a
 * held import of a source sync that a newer pull replaced: never applied).
 */
public record ImportView(UUID id, String status, String source, Summary summary, Progress progress, String createdBy,
		Instant createdAt, String confirmedBy, Instant appliedAt) {

	/** The rows by kind, as the preview classified them. */
	public record Summary(int create, int update, int unchanged, int offboard, int reject) {

		/** The rows the apply writes. */
		public int toApply() {
			return create + update + offboard;
		}
	}

	/** The apply's counts so far. */
	public record Progress(int applied, int failed) {
	}

	/** Its file is still being stored (shown nowhere, never applied). */
	static final String READING = "reading";
	static final String PREVIEWED = "previewed";
	static final String HELD = "held";
	static final String APPLYING = "applying";
	static final String APPLIED = "applied";
	static final String SUPERSEDED = "superseded";

	/** The apply's progress in percent (0 before it starts; 100 with nothing to apply). */
	public int percent() {
		int total = summary.toApply();
		return total == 0 ? 100 : Math.min(100, (progress.applied() + progress.failed()) * 100 / total);
	}
}
