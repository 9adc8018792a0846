package outbox.codec;

import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a payload stored in an older shape (an older version, or a former type key) into the
 * current shape of a catalog record. One bean per older shape; the codec applies it before decoding.
 */
public interface Upcaster {

	/** The stored type key this upcaster reads. */
	String storedType();

	/** The stored payload version this upcaster reads. */
	int storedVersion();

	/** The current type key the payload becomes. */
	String currentType();

	/** Rewrites {@code payload} in place to the current shape of {@link #currentType()}. */
	void upcast(ObjectNode payload);
}
