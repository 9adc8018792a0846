package platform;

import java.time.Instant;
import java.util.UUID;

/**
 * A stored attachment's metadata: what it belongs to ({@code ownerKind} such as {@code access_request},
 * and that owner's id), its sanitised file name, the content type sniffed from its bytes, its size,
 * its SHA-256 (hex) and who uploaded it when.
 */
public record Attachment(UUID id, String ownerKind, String ownerId, String filename, String contentType, long size,
		String sha256, String uploadedBy, Instant uploadedAt) {
}
