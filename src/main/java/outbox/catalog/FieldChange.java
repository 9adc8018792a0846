package outbox.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One field of a change: its value before and after, as text (dates ISO-8601, null when empty). The
 * JSON shape of a change's fields is {@code {"department": {"from": "Sales", "to": "Legal"}}}, with
 * an empty side written as null.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record FieldChange(String from, String to) {
}
