package outbox.admin;

import java.util.Arrays;
import java.util.List;

/** Where an outbox event is in its life; {@link #value()} is the stored and API value. */
public enum EventStatus {

	PENDING, PROCESSING, DELIVERED,
	/** A dead letter: its attempts are used up or its failure was permanent. */
	FAILED,
	/** A dead letter an admin discarded. */
	DISCARDED;

	/** Every value, in lifecycle order. */
	public static final List<String> VALUES = Arrays.stream(values()).map(EventStatus::value).toList();

	public String value() {
		return name().toLowerCase();
	}
}
