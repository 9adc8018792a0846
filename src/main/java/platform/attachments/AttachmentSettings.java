package platform.attachments;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/** {@code ATTACHMENTS_*}: the size limit of one attachment, and whether archives (zip, gzip, 7z, rar) are accepted. */
@ConfigurationProperties(prefix = "jmlhub.attachments")
record AttachmentSettings(DataSize maxSize, boolean allowArchives) {

	AttachmentSettings {
		maxSize = maxSize == null ? DataSize.ofMegabytes(10) : maxSize;
		if (maxSize.toBytes() <= 0) {
			throw new IllegalArgumentException("ATTACHMENTS_MAX_SIZE must be positive");
		}
	}
}
