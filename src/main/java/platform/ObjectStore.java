package platform;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The object store port: opaque bytes under keys, for what does not belong in PostgreSQL
 * (attachments). Two adapters in {@code platform.objectstore}, chosen by {@code OBJECTSTORE_KIND}:
 * a directory ({@code filesystem}, the demo's) and an S3-compatible bucket ({@code s3}); with
 * {@code none} nothing is configured and every call but {@link #configured()} and
 * {@link #describe()} fails. A key is one or more segments of letters, digits, {@code . _ -}
 * joined by {@code /} (no {@code ..}); callers make them random, never from a user's file name.
 * Every method throws {@link ObjectStoreUnavailableException} when the store does not answer.
 */
public interface ObjectStore {

	/** An object as listed: its key, size in bytes and when it was written. */
	record StoredObject(String key, long size, Instant lastModified) {
	}

	/** Whether a store is configured ({@code OBJECTSTORE_KIND} is not {@code none}). */
	boolean configured();

	/** What and where the store is, for messages ({@code S3 bucket b at http://s3:9000}, {@code directory /var/x}). */
	String describe();

	/** Writes exactly {@code length} bytes of {@code content} under {@code key}, replacing any object there; all or nothing. */
	void put(String key, InputStream content, long length, String contentType);

	default void put(String key, byte[] content, String contentType) {
		put(key, new ByteArrayInputStream(content), content.length, contentType);
	}

	/** The object's bytes (the caller closes the stream), or empty when there is no object under {@code key}. */
	Optional<InputStream> open(String key);

	/** Removes the object under {@code key}; no object there is not an error. */
	void delete(String key);

	/** Every object whose key starts with {@code prefix} and that was written before {@code olderThan}. */
	List<StoredObject> list(String prefix, Instant olderThan);

	/** Asks the store whether it answers (a bucket that exists, a writable directory); quick (a few seconds at most). */
	void probe();
}
