package notifications.store;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import notifications.NotificationChoice;
import notifications.NotificationKind;
import platform.LowerCaseName;

/**
 * The {@code notification_preferences} table: the choices users made, per kind (a kind without a
 * row has the default). Call inside a tenant unit of work (RLS). Stored kinds no longer sent are ignored.
 */
@Repository
public class PreferenceRepository {

	private final JdbcClient jdbc;

	PreferenceRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** The choice {@code username} made for {@code kind}, if any. */
	public Optional<NotificationChoice> choice(String username, NotificationKind kind) {
		return jdbc.sql("SELECT choice FROM notification_preferences WHERE username = :username AND kind = :kind")
			.param("username", username)
			.param("kind", kind.value())
			.query(String.class)
			.optional()
			.map(choice -> LowerCaseName.parse(NotificationChoice.class, choice));
	}

	/** Every choice {@code username} made, by kind name. */
	public Map<String, NotificationChoice> choices(String username) {
		Map<String, NotificationChoice> choices = new LinkedHashMap<>();
		jdbc.sql("SELECT kind, choice FROM notification_preferences WHERE username = :username ORDER BY kind")
			.param("username", username)
			.query((rs, row) -> choices.put(rs.getString(1), LowerCaseName.parse(NotificationChoice.class, rs.getString(2))))
			.list();
		return choices;
	}

	/** Records {@code username}'s choice for {@code kind}. */
	public void set(String username, NotificationKind kind, NotificationChoice choice, Instant now) {
		jdbc.sql("""
				INSERT INTO notification_preferences (tenant_id, username, kind, choice, updated_at)
				VALUES (current_setting('app.tenant_id'), :username, :kind, :choice, :now)
				ON CONFLICT (tenant_id, username, kind) DO UPDATE SET choice = EXCLUDED.choice, updated_at = EXCLUDED.updated_at""")
			.param("username", username)
			.param("kind", kind.value())
			.param("choice", choice.value())
			.param("now", Timestamp.from(now))
			.update();
	}
}
