package outbox.store;

import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * UUIDv7 event ids: 48 bits of Unix milliseconds, then random bits. PostgreSQL orders uuids by
 * their bytes, so ids sort by creation time: the primary key grows at its right edge, keyset
 * pages by id are newest-first by time, and retention can bound its scan with {@link #floor}.
 */
public final class EventIds {

	private static final long VERSION_7 = 0x7000L;
	private static final long VARIANT = 0x8000000000000000L;

	/** Below every event id (PostgreSQL compares uuids as unsigned bytes). */
	public static final UUID MIN = new UUID(0, 0);

	private EventIds() {
	}

	public static UUID next() {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		long msb = (System.currentTimeMillis() << 16) | VERSION_7 | (random.nextLong() & 0x0FFFL);
		long lsb = VARIANT | (random.nextLong() & 0x3FFFFFFFFFFFFFFFL);
		return new UUID(msb, lsb);
	}

	/** The smallest id an event created at or after {@code time} can have. */
	public static UUID floor(Instant time) {
		return new UUID((time.toEpochMilli() << 16) | VERSION_7, VARIANT);
	}
}
