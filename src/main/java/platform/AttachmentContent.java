package platform;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;

/**
 * An attachment opened for download: its metadata and its bytes, already checked against the
 * stored SHA-256. The caller streams {@link #content()} and closes this (which frees its copy).
 */
public record AttachmentContent(Attachment attachment, InputStream content) implements Closeable {

	@Override
	public void close() throws IOException {
		content.close();
	}
}
