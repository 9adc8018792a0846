package platform;

import java.util.List;
import java.util.function.Function;

/**
 * One keyset page of a list, its cursor made by {@link Cursors}; {@code nextCursor} is null on the
 * last page (and then left out of the JSON, as every null is).
 */
public record Page<T>(List<T> items, String nextCursor) {

	/**
	 * The page of {@code rows} fetched with {@code limit + 1} (the one extra row only tells that
	 * there is more): its first {@code limit} rows and, when there is more, the cursor of the last
	 * of them.
	 */
	public static <T> Page<T> of(List<T> rows, int limit, Function<? super T, String> cursorOf) {
		if (rows.size() <= limit) {
			return new Page<>(List.copyOf(rows), null);
		}
		List<T> items = List.copyOf(rows.subList(0, limit));
		return new Page<>(items, cursorOf.apply(items.get(limit - 1)));
	}
}
