package hr.sync;

import java.time.Instant;
import java.util.UUID;

import hr.imports.ImportView;

/**
 * One pull of the tenant's source: {@code outcome} not_modified (the source answered 304),
 * imported (its answer is the import {@code imported}, applied by the import job), held (that
 * import would offboard more than the threshold and waits for an ADMIN) or failed ({@code error}
 * says why); the counts are the import's summary and progress.
 */
public record SourceRun(UUID id, Instant startedAt, Instant finishedAt, String outcome, Integer httpStatus, String error,
		ImportView imported) {

	static final String NOT_MODIFIED = "not_modified";
	static final String IMPORTED = "imported";
	static final String HELD = "held";
	static final String FAILED = "failed";
}
