package platform.objectstore;

import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import platform.ObjectStore;
import platform.ObjectStoreUnavailableException;

/** {@code OBJECTSTORE_KIND=none}: no attachments; every use says so. */
final class UnconfiguredObjectStore implements ObjectStore {

	@Override
	public boolean configured() {
		return false;
	}

	@Override
	public String describe() {
		return "none (OBJECTSTORE_KIND is not set)";
	}

	@Override
	public void put(String key, InputStream content, long length, String contentType) {
		throw missing();
	}

	@Override
	public Optional<InputStream> open(String key) {
		throw missing();
	}

	@Override
	public void delete(String key) {
		throw missing();
	}

	@Override
	public List<StoredObject> list(String prefix, Instant olderThan) {
		throw missing();
	}

	@Override
	public void probe() {
		throw missing();
	}

	private static ObjectStoreUnavailableException missing() {
		return new ObjectStoreUnavailableException("No object store is configured (OBJECTSTORE_KIND), so attachments "
				+ "cannot be stored or read.", null);
	}
}
