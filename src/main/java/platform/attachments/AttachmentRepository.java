package platform.attachments;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import platform.Attachment;

/** {@code platform_attachments}: every statement runs in a tenant transaction (row-level security). */
@Repository
class AttachmentRepository {

	private static final String COLUMNS = "id, owner_kind, owner_id, filename, content_type, size_bytes, sha256, uploaded_by, uploaded_at";

	private final JdbcClient jdbc;

	AttachmentRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	void insert(String tenantId, Attachment attachment, String objectKey) {
		jdbc.sql("""
				INSERT INTO platform_attachments (id, tenant_id, owner_kind, owner_id, object_key, filename, content_type,
				    size_bytes, sha256, uploaded_by, uploaded_at)
				VALUES (:id, :tenant, :ownerKind, :ownerId, :objectKey, :filename, :contentType, :size, :sha256, :uploadedBy,
				    :uploadedAt)""")
			.param("id", attachment.id())
			.param("tenant", tenantId)
			.param("ownerKind", attachment.ownerKind())
			.param("ownerId", attachment.ownerId())
			.param("objectKey", objectKey)
			.param("filename", attachment.filename())
			.param("contentType", attachment.contentType())
			.param("size", attachment.size())
			.param("sha256", attachment.sha256())
			.param("uploadedBy", attachment.uploadedBy())
			.param("uploadedAt", Timestamp.from(attachment.uploadedAt()))
			.update();
	}

	List<Attachment> list(String ownerKind, String ownerId) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM platform_attachments WHERE owner_kind = :ownerKind AND owner_id = :ownerId "
				+ "ORDER BY uploaded_at, id")
			.param("ownerKind", ownerKind)
			.param("ownerId", ownerId)
			.query(AttachmentRepository::attachment)
			.list();
	}

	Optional<Attachment> find(UUID id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM platform_attachments WHERE id = :id")
			.param("id", id)
			.query(AttachmentRepository::attachment)
			.optional();
	}

	Optional<String> objectKey(UUID id) {
		return jdbc.sql("SELECT object_key FROM platform_attachments WHERE id = :id").param("id", id).query(String.class).optional();
	}

	/** Which of {@code keys} a row names, in any tenant (an owner-run function: the sweep is cross-tenant). */
	Set<String> knownKeys(List<String> keys) {
		return Set.copyOf(jdbc.sql("SELECT platform_attachment_keys_known(:keys)")
			.param("keys", keys.toArray(String[]::new))
			.query(String.class)
			.list());
	}

	private static Attachment attachment(ResultSet rs, int row) throws SQLException {
		return new Attachment(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
				rs.getLong(6), rs.getString(7), rs.getString(8), rs.getTimestamp(9).toInstant());
	}
}
