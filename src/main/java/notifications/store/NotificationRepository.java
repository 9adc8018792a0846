package notifications.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import notifications.NotificationKind;
import notifications.NotificationStatus;
import platform.LeasedRows;
import platform.LowerCaseName;

/** The {@code notifications} table. Call inside a tenant unit of work (RLS), except {@link #dueTenants}. */
@Repository
public class NotificationRepository implements LeasedRows<ClaimedMail, MailAttempt> {

	private static final String COLUMNS = """
			id, position, kind, recipient, email, subject, status, attempts, last_error, next_attempt_at, created_at,
			sent_at, source_event_type""";

	private final JdbcClient jdbc;

	NotificationRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Adds the notification unless its (event, recipient, kind) has one already; true when added. */
	public boolean add(NewNotification notification, Instant now) {
		return jdbc.sql("""
				INSERT INTO notifications (id, tenant_id, event_key, source_event_id, source_event_type, kind, recipient,
				    email, subject, body_text, body_html, status, last_error, next_attempt_at, created_at, run_id, stage_id, link, unsubscribe_url)
				VALUES (:id, current_setting('app.tenant_id'), :eventKey, :eventId, :eventType, :kind, :recipient,
				    :email, :subject, :text, :html, :status, :reason,
				    CASE WHEN :status = 'pending' THEN CAST(:now AS timestamptz) END, :now, :runId, :stageId, :link, :unsubscribeUrl)
				ON CONFLICT (tenant_id, event_key, recipient, kind) DO NOTHING""")
			.param("id", UUID.randomUUID())
			.param("eventKey", notification.eventKey())
			.param("eventId", notification.sourceEventId())
			.param("eventType", notification.sourceEventType())
			.param("kind", notification.kind().value())
			.param("recipient", notification.recipient())
			.param("email", notification.email())
			.param("subject", notification.subject())
			.param("text", notification.bodyText())
			.param("html", notification.bodyHtml())
			.param("status", notification.status().value())
			.param("reason", notification.reason())
			.param("runId", notification.runId())
			.param("stageId", notification.stageId())
			.param("link", notification.link())
			.param("unsubscribeUrl", notification.unsubscribeUrl())
			.param("now", Timestamp.from(now))
			.update() == 1;
	}

	@Override
	public List<String> dueTenants(Instant now) {
		return jdbc.sql("SELECT notifications_tenants_with_due_mail(:now)")
			.param("now", Timestamp.from(now))
			.query(String.class)
			.list();
	}

	/** Hands expired leases back: their sender died or overran; the attempt counts. */
	@Override
	public int rescue(Instant now) {
		return jdbc.sql("""
				UPDATE notifications SET status = 'pending', claim_token = NULL, lease_until = NULL, next_attempt_at = :now,
				    last_error = 'The sender holding the lease stopped before the attempt completed'
				WHERE status = 'sending' AND lease_until < :now""")
			.param("now", Timestamp.from(now))
			.update();
	}

	/** Claims up to {@code limit} due notifications, oldest first, for {@code token} until {@code leaseUntil}. */
	@Override
	public List<ClaimedMail> claim(UUID token, Instant now, Instant leaseUntil, int limit) {
		return jdbc.sql("""
				UPDATE notifications n
				SET status = 'sending', claim_token = :token, lease_until = :leaseUntil, attempts = n.attempts + 1,
				    first_attempt_at = coalesce(n.first_attempt_at, :now)
				WHERE n.id = ANY(ARRAY(
				    SELECT c.id FROM notifications c
				    WHERE c.status = 'pending' AND c.next_attempt_at <= :now
				    ORDER BY c.position
				    LIMIT :limit
				    FOR UPDATE SKIP LOCKED))
				RETURNING n.id, n.tenant_id, n.email, n.subject, n.body_text, n.body_html, n.attempts, n.first_attempt_at,
				    n.unsubscribe_url""")
			.param("token", token)
			.param("now", Timestamp.from(now))
			.param("leaseUntil", Timestamp.from(leaseUntil))
			.param("limit", limit)
			.query((rs, row) -> new ClaimedMail(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3),
					rs.getString(4), rs.getString(5), rs.getString(6), rs.getInt(7), rs.getTimestamp(8).toInstant(), token, rs.getString(9)))
			.list();
	}

	@Override
	public boolean settle(ClaimedMail mail, MailAttempt attempt, Instant nextAttemptAt, Instant now) {
		return attempt.succeeded() ? sent(mail.id(), mail.token(), now)
				: fail(mail.id(), mail.token(), attempt.error(), nextAttemptAt);
	}

	/** The mail went out; false when the claim was lost meanwhile. */
	public boolean sent(UUID id, UUID token, Instant now) {
		return jdbc.sql("""
				UPDATE notifications SET status = 'sent', sent_at = :now, last_error = NULL, next_attempt_at = NULL,
				    claim_token = NULL, lease_until = NULL
				WHERE id = :id AND claim_token = :token AND status = 'sending'""")
			.param("id", id)
			.param("token", token)
			.param("now", Timestamp.from(now))
			.update() == 1;
	}

	/** A failed attempt: pending again at {@code nextAttemptAt}, or {@code failed} when null. */
	public boolean fail(UUID id, UUID token, String error, Instant nextAttemptAt) {
		return jdbc.sql("""
				UPDATE notifications
				SET status = CASE WHEN CAST(:next AS timestamptz) IS NULL THEN 'failed' ELSE 'pending' END,
				    next_attempt_at = CAST(:next AS timestamptz), last_error = :error, claim_token = NULL, lease_until = NULL
				WHERE id = :id AND claim_token = :token AND status = 'sending'""")
			.param("id", id)
			.param("token", token)
			.param("error", error)
			.param("next", nextAttemptAt == null ? null : Timestamp.from(nextAttemptAt))
			.update() == 1;
	}

	/** A failed notification pending again with a fresh retry budget; false unless it was failed. */
	public boolean retry(UUID id, Instant now) {
		return jdbc.sql("""
				UPDATE notifications SET status = 'pending', next_attempt_at = :now, first_attempt_at = NULL
				WHERE id = :id AND status = 'failed'""")
			.param("id", id)
			.param("now", Timestamp.from(now))
			.update() == 1;
	}

	/**
	 * One page of the tenant's notifications matching {@code filter}, newest first: the rows
	 * before {@code beforePosition} (null: from the newest), {@code limit} of them.
	 */
	public List<Notification> list(NotificationFilter filter, Long beforePosition, int limit) {
		return jdbc.sql("SELECT " + COLUMNS + """
				 FROM notifications
				WHERE (CAST(:status AS text) IS NULL OR status = :status)
				  AND (CAST(:kind AS text) IS NULL OR kind = :kind)
				  AND (CAST(:recipient AS text) IS NULL OR recipient = :recipient)
				  AND (CAST(:from AS timestamptz) IS NULL OR created_at >= :from)
				  AND (CAST(:to AS timestamptz) IS NULL OR created_at < :to)
				  AND (CAST(:id AS uuid) IS NULL OR id = :id)
				  AND (CAST(:before AS bigint) IS NULL OR position < :before)
				ORDER BY position DESC
				LIMIT :limit""")
			.param("status", LowerCaseName.valueOf(filter.status()))
			.param("kind", LowerCaseName.valueOf(filter.kind()))
			.param("recipient", filter.recipient())
			.param("from", filter.from() == null ? null : Timestamp.from(filter.from()))
			.param("to", filter.to() == null ? null : Timestamp.from(filter.to()))
			.param("id", filter.id())
			.param("before", beforePosition)
			.param("limit", limit)
			.query(NotificationRepository::map)
			.list();
	}

	/** The notifications a "Notify" stage of run {@code runId} sent (or recorded), by stage, oldest first. */
	public List<StageMail> ofNotifyStages(UUID runId) {
		return jdbc.sql("""
				SELECT id, stage_id, recipient, status, sent_at FROM notifications
				WHERE run_id = :runId AND kind = :kind AND stage_id IS NOT NULL
				ORDER BY position""")
			.param("runId", runId)
			.param("kind", NotificationKind.STAGE_NOTIFIED.value())
			.query((rs, row) -> new StageMail(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class), rs.getString(3),
					LowerCaseName.parse(NotificationStatus.class, rs.getString(4)), instant(rs.getTimestamp(5))))
			.list();
	}

	private static Notification map(ResultSet rs, int row) throws SQLException {
		return new Notification(rs.getObject(1, UUID.class), rs.getLong(2),
				LowerCaseName.parse(NotificationKind.class, rs.getString(3)), rs.getString(4), rs.getString(5),
				rs.getString(6), LowerCaseName.parse(NotificationStatus.class, rs.getString(7)), rs.getInt(8),
				rs.getString(9), instant(rs.getTimestamp(10)), instant(rs.getTimestamp(11)), instant(rs.getTimestamp(12)),
				rs.getString(13));
	}

	private static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}
}
