package hr.data;

import java.sql.Timestamp;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

import hr.ChangeSource;
import hr.EmployeeHistoryEntry;
import outbox.catalog.FieldChange;
import platform.Cursors;
import platform.Page;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The {@code employee_changes} table: each employee's history. Callers run inside a tenant unit of work. */
@Repository
public class EmployeeChangeRepository {

	private static final TypeReference<LinkedHashMap<String, FieldChange>> CHANGES = new TypeReference<>() {
	};

	private final JdbcClient jdbc;

	private final JsonMapper json;

	EmployeeChangeRepository(JdbcClient jdbc, JsonMapper json) {
		this.jdbc = jdbc;
		this.json = json;
	}

	public void record(String tenantId, EmployeeHistoryEntry entry) {
		jdbc.sql("""
				INSERT INTO employee_changes (tenant_id, employee_id, version, source, actor, changes, at)
				VALUES (:tenant, :employee, :version, :source, :actor, CAST(:changes AS jsonb), :at)""")
			.param("tenant", tenantId)
			.param("employee", entry.employeeId())
			.param("version", entry.version())
			.param("source", entry.source().value())
			.param("actor", entry.actor())
			.param("changes", json.writeValueAsString(entry.changes()))
			.param("at", Timestamp.from(entry.at()))
			.update();
	}

	/** Several entries in one statement (an import's chunk), as {@link #record} writes each. */
	public void recordAll(String tenantId, List<EmployeeHistoryEntry> entries) {
		if (entries.isEmpty()) {
			return;
		}
		jdbc.sql("""
				INSERT INTO employee_changes (tenant_id, employee_id, version, source, actor, changes, at)
				SELECT :tenant, c.employee, c.version, c.source, c.actor, CAST(c.changes AS jsonb), c.at
				FROM unnest(:employees, :versions, :sources, :actors, :changes, :ats)
				    AS c (employee, version, source, actor, changes, at)""")
			.param("tenant", tenantId)
			.param("employees", new SqlArrayValue("uuid", entries.stream().map(EmployeeHistoryEntry::employeeId).toArray()))
			.param("versions", new SqlArrayValue("integer", entries.stream().map(EmployeeHistoryEntry::version).toArray()))
			.param("sources", new SqlArrayValue("text", entries.stream().map(e -> e.source().value()).toArray()))
			.param("actors", new SqlArrayValue("text", entries.stream().map(EmployeeHistoryEntry::actor).toArray()))
			.param("changes", new SqlArrayValue("text",
					entries.stream().map(e -> json.writeValueAsString(e.changes())).toArray()))
			.param("ats", new SqlArrayValue("timestamptz",
					entries.stream().map(e -> java.time.OffsetDateTime.ofInstant(e.at(), java.time.ZoneOffset.UTC)).toArray()))
			.update();
	}

	/** The employee's history, newest first, keyset-paged on the version. */
	public Page<EmployeeHistoryEntry> of(UUID employeeId, String cursor, int limit) {
		Integer before = Cursors.decode(cursor, parts -> Integer.valueOf(parts.get(0)));
		List<EmployeeHistoryEntry> rows = jdbc.sql("""
				SELECT employee_id, version, source, actor, changes::text AS changes, at FROM employee_changes
				WHERE employee_id = :employee AND (CAST(:before AS integer) IS NULL OR version < :before)
				ORDER BY version DESC LIMIT :limit""")
			.param("employee", employeeId)
			.param("before", before)
			.param("limit", limit + 1)
			.query((rs, row) -> new EmployeeHistoryEntry(rs.getObject("employee_id", UUID.class), rs.getInt("version"),
					ChangeSource.of(rs.getString("source")), rs.getString("actor"), changes(rs.getString("changes")),
					rs.getTimestamp("at").toInstant()))
			.list();
		return Page.of(rows, limit, entry -> Cursors.encode(entry.version()));
	}

	/** The erasure of leavers' personal data reaches their history too: names and emails, before and after. */
	public void erasePersonalData(List<UUID> employees) {
		if (employees.isEmpty()) {
			return;
		}
		jdbc.sql("UPDATE employee_changes SET changes = changes - 'displayName' - 'email' WHERE employee_id = ANY(:ids)")
			.param("ids", new SqlArrayValue("uuid", employees.toArray()))
			.update();
	}

	private Map<String, FieldChange> changes(String text) {
		return json.readValue(text, CHANGES);
	}
}
