package workflow.store;

import java.time.Instant;
import java.util.UUID;

import platform.Cursors;
import workflow.InboxItem;

/** The keyset position of a stage in the oldest-first inbox, as an opaque URL-safe token. */
public record InboxCursor(Instant activatedAt, UUID stageId) {

	public static InboxCursor of(InboxItem item) {
		return new InboxCursor(item.activatedAt(), item.stageId());
	}

	public String encode() {
		return Cursors.encode(activatedAt, stageId);
	}

	/** Null for a blank token; a 400 for a token this class did not make. */
	public static InboxCursor decode(String token) {
		return Cursors.decode(token, parts -> new InboxCursor(Instant.parse(parts.get(0)), UUID.fromString(parts.get(1))));
	}
}
