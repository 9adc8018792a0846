package outbox.admin;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

import platform.DomainException;
import platform.Cursors;

/**
 * Keyset pagination helpers: page sizes, and the last row's sort key as a {@link Cursors} token.
 */
final class Paging {

	static final int DEFAULT_LIMIT = 50;
	static final int MAX_LIMIT = 200;

	private Paging() {
	}

	static int limit(Integer requested) {
		if (requested == null) {
			return DEFAULT_LIMIT;
		}
		if (requested < 1 || requested > MAX_LIMIT) {
			throw new DomainException.InvalidInput("limit", "must be between 1 and " + MAX_LIMIT);
		}
		return requested;
	}

	/** Cuts the {@code limit + 1} rows fetched to a page and derives the next cursor from its last row. */
	static <T> Page<T> page(List<T> rows, int limit, Function<T, String> cursorOf) {
		platform.Page<T> page = platform.Page.of(rows, limit, cursorOf);
		return new Page<>(page.items(), page.nextCursor());
	}

	static UUID uuidCursor(String cursor) {
		return Cursors.decode(cursor, parts -> UUID.fromString(parts.get(0)));
	}

	/** A (timestamp, id) cursor. */
	record TimeAndId(OffsetDateTime time, UUID id) {

		static TimeAndId parse(String cursor) {
			TimeAndId position = Cursors.decode(cursor,
					parts -> new TimeAndId(OffsetDateTime.parse(parts.get(0)), UUID.fromString(parts.get(1))));
			return position == null ? new TimeAndId(null, null) : position;
		}

		String encode() {
			return Cursors.encode(time, id);
		}
	}
}
