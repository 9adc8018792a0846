package notifications.store;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

import notifications.NotificationKind;
import notifications.NotificationStatus;
import platform.LowerCaseName;

/**
 * The daily digest's side of the {@code notifications} table: the items waiting for a digest
 * ({@code digested}) and marking those a digest carries. Call inside a tenant unit of work (RLS),
 * except {@link #tenantsDue}.
 */
@Repository
public class DigestRepository {

	private final JdbcClient jdbc;

	DigestRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** The tenants with items that arrived before {@code moment} (the last digest hour) and wait for a digest. */
	public List<String> tenantsDue(Instant moment) {
		return jdbc.sql("SELECT notifications_tenants_with_digest_due(:moment)")
			.param("moment", Timestamp.from(moment))
			.query(String.class)
			.list();
	}

	/** The recipients with items that arrived before {@code moment} and wait for a digest. */
	public List<String> recipientsDue(Instant moment) {
		return jdbc.sql("""
				SELECT DISTINCT recipient FROM notifications WHERE status = 'digested' AND created_at < :moment
				ORDER BY recipient""")
			.param("moment", Timestamp.from(moment))
			.query(String.class)
			.list();
	}

	/**
	 * {@code recipient}'s items that arrived before {@code moment} and wait for a digest, oldest first,
	 * locked until the unit of work ends: a second digester waits, then finds them carried.
	 */
	public List<DigestItem> waiting(String recipient, Instant moment) {
		return jdbc.sql("""
				SELECT id, kind, subject, link, created_at FROM notifications
				WHERE status = 'digested' AND recipient = :recipient AND created_at < :moment
				ORDER BY created_at, position
				FOR UPDATE""")
			.param("recipient", recipient)
			.param("moment", Timestamp.from(moment))
			.query((rs, row) -> new DigestItem(rs.getObject(1, UUID.class),
					LowerCaseName.parse(NotificationKind.class, rs.getString(2)), rs.getString(3), rs.getString(4),
					rs.getTimestamp(5).toInstant()))
			.list();
	}

	/**
	 * Marks {@code items} as carried by {@code recipient}'s digest of key {@code digestKey}: {@code sent}
	 * with it (or, when the digest could not be sent, its status and {@code reason}).
	 */
	public int carried(List<UUID> items, String recipient, String digestKey, NotificationStatus status, String reason,
			Instant now) {
		return jdbc.sql("""
				UPDATE notifications SET status = :status, last_error = :reason,
				    sent_at = CASE WHEN :status = 'sent' THEN CAST(:now AS timestamptz) END,
				    digest_id = (SELECT d.id FROM notifications d
				                 WHERE d.event_key = :digestKey AND d.recipient = :recipient AND d.kind = :digestKind)
				WHERE id = ANY(:items) AND status = 'digested'""")
			.param("status", status.value())
			.param("reason", reason)
			.param("now", Timestamp.from(now))
			.param("digestKey", digestKey)
			.param("recipient", recipient)
			.param("digestKind", NotificationKind.DAILY_DIGEST.value())
			.param("items", new SqlArrayValue("uuid", items.toArray()))
			.update();
	}
}
