package platform.objectstore;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import platform.ObjectStore;
import platform.ObjectStoreUnavailableException;

/**
 * Objects as files under one directory, a key's segments as sub-directories. A put writes a
 * temporary file beside the target and moves it into place, so a reader never sees half an object
 * and a failed put leaves at most a {@code .part} file (never listed). For the demo, or a single
 * instance (several instances would need one shared volume).
 */
final class FilesystemObjectStore implements ObjectStore {

	private static final String PART = ".part";

	private final Path root;

	FilesystemObjectStore(Path root) {
		this.root = root.toAbsolutePath().normalize();
	}

	@Override
	public boolean configured() {
		return true;
	}

	@Override
	public String describe() {
		return "directory " + root;
	}

	@Override
	public void put(String key, InputStream content, long length, String contentType) {
		Path target = path(key);
		Path part = null;
		try {
			Files.createDirectories(target.getParent());
			part = Files.createTempFile(target.getParent(), ".put-", PART);
			long written;
			try (OutputStream out = Files.newOutputStream(part)) {
				written = content.transferTo(out);
			}
			if (written != length) {
				throw new IllegalArgumentException("put " + key + ": " + written + " bytes where " + length + " were announced");
			}
			try {
				Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			}
			catch (AtomicMoveNotSupportedException e) {
				Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
			}
			part = null;
		}
		catch (IOException e) {
			throw unavailable("write " + key, e);
		}
		finally {
			if (part != null) {
				try {
					Files.deleteIfExists(part);
				}
				catch (IOException e) {
					// a leftover .part file is never listed nor opened
				}
			}
		}
	}

	@Override
	public Optional<InputStream> open(String key) {
		try {
			return Optional.of(Files.newInputStream(path(key)));
		}
		catch (NoSuchFileException e) {
			return Optional.empty();
		}
		catch (IOException e) {
			throw unavailable("read " + key, e);
		}
	}

	@Override
	public void delete(String key) {
		try {
			Files.deleteIfExists(path(key));
		}
		catch (IOException e) {
			throw unavailable("delete " + key, e);
		}
	}

	@Override
	public List<StoredObject> list(String prefix, Instant olderThan) {
		ObjectKeys.prefix(prefix);
		List<StoredObject> found = new ArrayList<>();
		if (!Files.isDirectory(root)) {
			throw unavailable("list " + prefix, new NoSuchFileException(root.toString()));
		}
		try (Stream<Path> files = Files.walk(root)) {
			for (Path file : (Iterable<Path>) files::iterator) {
				BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
				String key = root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
				if (attributes.isRegularFile() && !key.endsWith(PART) && key.startsWith(prefix)
						&& attributes.lastModifiedTime().toInstant().isBefore(olderThan)) {
					found.add(new StoredObject(key, attributes.size(), attributes.lastModifiedTime().toInstant()));
				}
			}
		}
		catch (NoSuchFileException e) {
			// a file removed while walking: not listed
		}
		catch (IOException | java.io.UncheckedIOException e) {
			throw unavailable("list " + prefix, e);
		}
		return found;
	}

	@Override
	public void probe() {
		if (!Files.isDirectory(root) || !Files.isWritable(root)) {
			throw unavailable("use the directory", new NoSuchFileException(root.toString(), null, "not a writable directory"));
		}
	}

	/** Creates the directory (at startup). */
	void create() {
		try {
			Files.createDirectories(root);
		}
		catch (IOException e) {
			throw unavailable("create the directory", e);
		}
	}

	private Path path(String key) {
		Path path = root.resolve(ObjectKeys.key(key)).normalize();
		if (!path.startsWith(root) || path.equals(root)) {
			throw new IllegalArgumentException("not an object key: " + key);
		}
		return path;
	}

	private ObjectStoreUnavailableException unavailable(String what, Exception e) {
		return new ObjectStoreUnavailableException("The object store (" + describe() + ") could not " + what + ": " + e, e);
	}
}
