package outbox.admin;

import jakarta.validation.constraints.Size;

/** Selects dead letters: by exact event type and/or exact error class; both optional. */
public record DeadLetterFilter(@Size(max = 200) String eventType, @Size(max = 500) String errorClass) {

	public static final DeadLetterFilter ALL = new DeadLetterFilter(null, null);
}
