package outbox.admin;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/** One keyset page; {@code nextCursor} is null on the last page. */
public record Page<T>(List<T> items, @JsonInclude(JsonInclude.Include.ALWAYS) String nextCursor) {
}
