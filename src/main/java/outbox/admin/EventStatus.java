package outbox.admin;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/** Where an outbox event is in its life; {@link #value()} is the stored and API value. */
public enum EventStatus implements LowerCaseName {

	PENDING, PROCESSING, DELIVERED,
	/** A dead letter: its attempts are used up or its failure was permanent. */
	FAILED,
	/** A dead letter an admin discarded. */
	DISCARDED;

	/** Every value, in lifecycle order. */
	public static final List<String> VALUES = LowerCaseName.values(EventStatus.class);

	@JsonCreator
	public static EventStatus of(String value) {
		return LowerCaseName.parse(EventStatus.class, value);
	}
}
