package platform.tenancy;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The lifecycle columns of {@code tenants} (V250). Writes and single reads run in the tenant's own
 * unit of work (row-level security); the list and the suspended set look across tenants through
 * their SECURITY DEFINER functions.
 */
@Repository
class TenantRepository {

	private final JdbcClient jdbc;

	TenantRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	List<TenantRow> overview() {
		return jdbc.sql("SELECT * FROM platform_tenant_overview()").query(TenantRepository::row).list();
	}

	/** The tenant of the current unit of work, without counts. */
	Optional<TenantRow> find(String id) {
		return jdbc.sql("""
				SELECT id, name, status, created_at, suspended_at, suspended_by, suspension_reason,
				       personal_data_retention_days, -1 AS users, -1 AS employees
				FROM tenants WHERE id = :id""")
			.param("id", id)
			.query(TenantRepository::row)
			.optional();
	}

	Set<String> suspended() {
		return Set.copyOf(jdbc.sql("SELECT t FROM platform_suspended_tenants() AS t").query(String.class).list());
	}

	/** False when the id is taken. */
	boolean insert(String id, String name, int retentionDays, Instant now) {
		return jdbc.sql("""
				INSERT INTO tenants (id, name, personal_data_retention_days, created_at) VALUES (:id, :name, :retention, :now)
				ON CONFLICT DO NOTHING""")
			.param("id", id)
			.param("name", name)
			.param("retention", retentionDays)
			.param("now", Timestamp.from(now))
			.update() == 1;
	}

	/** False when it is not active. */
	boolean suspend(String id, String by, String reason, Instant now) {
		return jdbc.sql("""
				UPDATE tenants SET status = 'suspended', suspended_at = :now, suspended_by = :by, suspension_reason = :reason
				WHERE id = :id AND status = 'active'""")
			.param("id", id)
			.param("now", Timestamp.from(now))
			.param("by", by)
			.param("reason", reason)
			.update() == 1;
	}

	/** False when it is not suspended. */
	boolean resume(String id) {
		return jdbc.sql("""
				UPDATE tenants SET status = 'active', suspended_at = NULL, suspended_by = NULL, suspension_reason = NULL
				WHERE id = :id AND status = 'suspended'""")
			.param("id", id)
			.update() == 1;
	}

	/** Deletes every row of the (suspended) tenant of the current unit of work; the number of rows. */
	long purge(String id) {
		return jdbc.sql("SELECT platform_purge_tenant(:id)").param("id", id).query(Long.class).single();
	}

	private static TenantRow row(ResultSet rs, int row) throws SQLException {
		Timestamp suspendedAt = rs.getTimestamp("suspended_at");
		return new TenantRow(rs.getString("id"), rs.getString("name"), rs.getString("status"),
				rs.getTimestamp("created_at").toInstant(), suspendedAt == null ? null : suspendedAt.toInstant(),
				rs.getString("suspended_by"), rs.getString("suspension_reason"), rs.getInt("personal_data_retention_days"),
				rs.getLong("users"), rs.getLong("employees"));
	}

	/** One tenant; {@code users} and {@code employees} are -1 where not counted. */
	record TenantRow(String id, String name, String status, Instant createdAt, Instant suspendedAt, String suspendedBy,
			String suspensionReason, int personalDataRetentionDays, long users, long employees) {

		boolean suspended() {
			return "suspended".equals(status);
		}
	}
}
