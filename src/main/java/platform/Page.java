package platform;

import java.util.List;

/**
 * One keyset page of a list, its cursor made by {@link Cursors}; {@code nextCursor} is null on the
 * last page (and then left out of the JSON, as every null is).
 */
public record Page<T>(List<T> items, String nextCursor) {
}
