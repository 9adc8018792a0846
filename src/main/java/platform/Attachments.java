package platform;

import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Files attached to a tenant's things (an access request's evidence), kept in the {@link ObjectStore}
 * with their metadata in {@code platform_attachments} (row-level security per tenant).
 *
 * <p><b>Storing.</b> The upload is read once, up to the size limit ({@code ATTACHMENTS_MAX_SIZE}; past
 * it the reading stops and nothing is kept: {@link DomainException.TooLarge}, 413), into a temporary
 * file while its SHA-256 is computed. Its type is sniffed from its bytes, never taken from the
 * declared type or the file name: PDF, PNG, JPEG, GIF, plain text and CSV, Office documents
 * (docx, xlsx, pptx); executables (Windows, ELF, Mach-O, Java class, {@code #!} scripts) and HTML or
 * SVG are refused whatever they are called, archives unless {@code ATTACHMENTS_ALLOW_ARCHIVES}
 * ({@link DomainException.UnsupportedType}, 415). The file name loses any path and control or
 * format characters. The object is written first, under a random key ({@code attachments/<uuid>}),
 * then the row in the caller's tenant transaction (joined when the caller has one open): an object
 * without a row is an orphan that the {@code platform_attachment_orphan_sweep} job deletes after an
 * hour, never a row without an object. A store that does not answer is
 * {@link ObjectStoreUnavailableException} (503 with {@code Retry-After}) and nothing was written.
 *
 * <p><b>Downloading.</b> {@link #open} reads the object, checks it against the stored SHA-256 and
 * only then hands out the bytes; a mismatch (or a missing object) is an {@link IllegalStateException}
 * (an error logged as such, 500), never the wrong bytes.
 *
 * <p><b>Who may.</b> This service checks only the tenant (row-level security). Whether the signed-in
 * user may attach to or download from an owner (the access request's parties and admins) is the
 * caller's decision, made before it calls here. Serve downloads as {@code attachment} with
 * {@code X-Content-Type-Options: nosniff} and the stored {@link Attachment#contentType()}.
 */
public interface Attachments {

	/**
	 * Stores {@code content} as an attachment of ({@code ownerKind}, {@code ownerId}) in {@code tenantId}.
	 *
	 * @param ownerKind lower_snake_case, such as {@code access_request}
	 * @param filename the client's file name (sanitised here; may be null)
	 * @param declaredContentType what the client said (only used to tell CSV from plain text; may be null)
	 * @param content read to its end or to the size limit; the caller closes it
	 * @throws DomainException.TooLarge past {@link #maxSize()} bytes
	 * @throws DomainException.UnsupportedType a refused or unknown type
	 * @throws DomainException.InvalidInput an empty upload or an invalid owner kind
	 * @throws ObjectStoreUnavailableException the store did not answer (or none is configured)
	 */
	Attachment store(String tenantId, String ownerKind, String ownerId, String filename, String declaredContentType,
			InputStream content, String uploadedBy);

	/** The owner's attachments, oldest first. */
	List<Attachment> list(String tenantId, String ownerKind, String ownerId);

	/** One attachment's metadata, if it is the tenant's. */
	Optional<Attachment> find(String tenantId, UUID id);

	/**
	 * The attachment's verified bytes.
	 *
	 * @throws DomainException.NotFound no such attachment in the tenant
	 * @throws ObjectStoreUnavailableException the store did not answer
	 * @throws IllegalStateException the object is missing or its bytes do not match the stored SHA-256
	 */
	AttachmentContent open(String tenantId, UUID id);

	/** The size limit of one attachment, in bytes. */
	long maxSize();
}
