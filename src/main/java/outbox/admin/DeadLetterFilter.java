package outbox.admin;

import jakarta.validation.constraints.Size;

/** Selects dead letters: by exact event type, exact error class and/or exact consumer; all optional. */
public record DeadLetterFilter(@Size(max = 200) String eventType, @Size(max = 500) String errorClass,
		@Size(max = 200) String consumer) {

	public static final DeadLetterFilter ALL = new DeadLetterFilter(null, null, null);

	/** Of every consumer. */
	public DeadLetterFilter(String eventType, String errorClass) {
		this(eventType, errorClass, null);
	}
}
