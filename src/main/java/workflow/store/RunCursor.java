package workflow.store;

import java.time.Instant;
import java.util.UUID;

import platform.Cursors;
import workflow.Run;

/** The keyset position of a run in the newest-first list, as an opaque URL-safe token. */
public record RunCursor(Instant createdAt, UUID id) {

	public static RunCursor of(Run run) {
		return new RunCursor(run.createdAt(), run.id());
	}

	public String encode() {
		return Cursors.encode(createdAt, id);
	}

	/** Null for a blank token; a 400 for a token this class did not make. */
	public static RunCursor decode(String token) {
		return Cursors.decode(token, parts -> new RunCursor(Instant.parse(parts.get(0)), UUID.fromString(parts.get(1))));
	}
}
