package outbox.admin;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

import platform.ApiException;

/**
 * Keyset pagination helpers: page sizes and opaque cursors (base64url of the last row's sort
 * key). A cursor that does not decode is the caller's mistake: 400.
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
			throw new ApiException.InvalidInput("limit", "must be between 1 and " + MAX_LIMIT);
		}
		return requested;
	}

	/** Cuts the {@code limit + 1} rows fetched to a page and derives the next cursor from its last row. */
	static <T> Page<T> page(List<T> rows, int limit, Function<T, String> cursorOf) {
		if (rows.size() <= limit) {
			return new Page<>(rows, null);
		}
		List<T> items = rows.subList(0, limit);
		return new Page<>(List.copyOf(items), cursorOf.apply(items.get(limit - 1)));
	}

	static String encode(String key) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(key.getBytes(StandardCharsets.UTF_8));
	}

	static String decode(String cursor) {
		try {
			return new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
		}
		catch (IllegalArgumentException e) {
			throw invalidCursor();
		}
	}

	static UUID uuidCursor(String cursor) {
		if (cursor == null || cursor.isBlank()) {
			return null;
		}
		try {
			return UUID.fromString(decode(cursor));
		}
		catch (IllegalArgumentException e) {
			throw invalidCursor();
		}
	}

	/** A (timestamp, id) cursor. */
	record TimeAndId(OffsetDateTime time, UUID id) {

		static TimeAndId parse(String cursor) {
			if (cursor == null || cursor.isBlank()) {
				return new TimeAndId(null, null);
			}
			String[] parts = decode(cursor).split("\\|", 2);
			try {
				return new TimeAndId(OffsetDateTime.parse(parts[0]), UUID.fromString(parts[1]));
			}
			catch (RuntimeException e) {
				throw invalidCursor();
			}
		}

		String encode() {
			return Paging.encode(time + "|" + id);
		}
	}

	private static ApiException invalidCursor() {
		return new ApiException.InvalidInput("cursor", "is not a valid cursor");
	}
}
