package platform.attachments;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

import platform.DomainException;

/**
 * An upload read once into a temporary file, never whole into memory: its size (reading stops
 * as soon as it passes the limit, and the file is deleted), its SHA-256, its first bytes for the
 * type sniffing, and whether it looks like text (no NUL or other control bytes but tab, line
 * breaks, form feed and escape). Closing it deletes the file.
 */
final class Upload implements Closeable {

	static final int HEAD = 1024;

	private final Path file;
	private final long size;
	private final String sha256;
	private final byte[] head;
	private final boolean text;

	private Upload(Path file, long size, String sha256, byte[] head, boolean text) {
		this.file = file;
		this.size = size;
		this.sha256 = sha256;
		this.head = head;
		this.text = text;
	}

	/** @throws DomainException.TooLarge as soon as more than {@code limit} bytes were read (nothing is kept) */
	static Upload read(InputStream in, long limit) {
		Path file = null;
		try {
			file = Files.createTempFile("jmlhub-upload-", ".part");
			MessageDigest digest = newDigest();
			byte[] buffer = new byte[8192];
			byte[] head = new byte[HEAD];
			int headLength = 0;
			long size = 0;
			boolean text = true;
			try (OutputStream out = Files.newOutputStream(file)) {
				for (int n; (n = in.read(buffer)) >= 0;) {
					size += n;
					if (size > limit) {
						throw new DomainException.TooLarge("The file is larger than the limit of " + limit + " bytes.");
					}
					if (headLength < HEAD) {
						int copied = Math.min(n, HEAD - headLength);
						System.arraycopy(buffer, 0, head, headLength, copied);
						headLength += copied;
					}
					for (int i = 0; i < n && text; i++) {
						int b = buffer[i] & 0xff;
						text = b >= 0x20 || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == 0x1b;
					}
					digest.update(buffer, 0, n);
					out.write(buffer, 0, n);
				}
			}
			Upload upload = new Upload(file, size, HexFormat.of().formatHex(digest.digest()), Arrays.copyOf(head, headLength),
					text);
			file = null;
			return upload;
		}
		catch (IOException e) {
			throw new UncheckedIOException("The upload could not be read", e);
		}
		finally {
			delete(file);
		}
	}

	static MessageDigest newDigest() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException("SHA-256 is missing from this JVM", e);
		}
	}

	long size() {
		return size;
	}

	String sha256() {
		return sha256;
	}

	byte[] head() {
		return head.clone();
	}

	boolean text() {
		return text;
	}

	InputStream open() throws IOException {
		return Files.newInputStream(file);
	}

	@Override
	public void close() {
		delete(file);
	}

	private static void delete(Path file) {
		if (file == null) {
			return;
		}
		try {
			Files.deleteIfExists(file);
		}
		catch (IOException e) {
			// the temporary directory's own clean-up takes it
		}
	}
}
