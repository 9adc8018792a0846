package hr.imports;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

import outbox.catalog.FieldChange;
import platform.Cursors;
import platform.Page;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectMapper;

/** The imports and their rows (tables hr_imports, hr_import_rows); called inside a tenant unit of work. */
@Repository
class ImportRepository {

	private static final TypeReference<Map<String, String>> VALUES = new TypeReference<>() {
	};
	private static final TypeReference<Map<String, FieldChange>> CHANGES = new TypeReference<>() {
	};
	private static final TypeReference<List<String>> ERRORS = new TypeReference<>() {
	};

	private static final String IMPORT_COLUMNS = """
			id, status, source, created_by, created_at, creates, updates, unchanged, offboards, rejects, applied, failed,
			confirmed_by, applied_at""";
	private static final String ROW_COLUMNS = """
			line, kind, employee_number, employee_id, expected_version, data::text AS data, changes::text AS changes,
			errors::text AS errors, outcome, error""";

	private final JdbcClient jdbc;
	private final ObjectMapper json;

	ImportRepository(JdbcClient jdbc, ObjectMapper json) {
		this.jdbc = jdbc;
		this.json = json;
	}

	void insert(String tenantId, UUID id, String source, String actor, Instant at) {
		jdbc.sql("""
				INSERT INTO hr_imports (tenant_id, id, status, source, created_by, created_at)
				VALUES (:tenant, :id, 'reading', :source, :actor, :at)""")
			.param("tenant", tenantId)
			.param("id", id)
			.param("source", source)
			.param("actor", actor)
			.param("at", Timestamp.from(at))
			.update();
	}

	/** Removes an import and its rows (a file that failed while it was read). */
	void remove(UUID id) {
		jdbc.sql("DELETE FROM hr_imports WHERE id = :id AND status = 'reading'").param("id", id).update();
	}

	/** Removes the tenant's imports still reading that began before {@code before}: their reader died. */
	void removeAbandoned(Instant before) {
		jdbc.sql("DELETE FROM hr_imports WHERE status = 'reading' AND created_at < :before")
			.param("before", Timestamp.from(before))
			.update();
	}

	/** A batch of classified rows in one statement. */
	void insertRows(String tenantId, UUID importId, List<ImportRow> rows) {
		if (rows.isEmpty()) {
			return;
		}
		int n = rows.size();
		Object[] lines = new Object[n];
		Object[] kinds = new Object[n];
		Object[] numbers = new Object[n];
		Object[] employees = new Object[n];
		Object[] versions = new Object[n];
		Object[] data = new Object[n];
		Object[] changes = new Object[n];
		Object[] errors = new Object[n];
		for (int i = 0; i < n; i++) {
			ImportRow row = rows.get(i);
			lines[i] = row.line();
			kinds[i] = row.kind();
			numbers[i] = row.employeeNumber();
			employees[i] = row.employeeId();
			versions[i] = row.expectedVersion();
			data[i] = json.writeValueAsString(row.values());
			changes[i] = json.writeValueAsString(row.changes());
			errors[i] = json.writeValueAsString(row.errors());
		}
		jdbc.sql("""
				INSERT INTO hr_import_rows (tenant_id, import_id, line, kind, employee_number, employee_id, expected_version,
				    data, changes, errors)
				SELECT :tenant, :import, r.line, r.kind, r.number, r.employee, r.version, r.data::jsonb, r.changes::jsonb,
				    r.errors::jsonb
				FROM unnest(:lines, :kinds, :numbers, :employees, :versions, :data, :changes, :errors)
				    AS r (line, kind, number, employee, version, data, changes, errors)""")
			.param("tenant", tenantId)
			.param("import", importId)
			.param("lines", new SqlArrayValue("integer", lines))
			.param("kinds", new SqlArrayValue("text", kinds))
			.param("numbers", new SqlArrayValue("text", numbers))
			.param("employees", new SqlArrayValue("uuid", employees))
			.param("versions", new SqlArrayValue("integer", versions))
			.param("data", new SqlArrayValue("text", data))
			.param("changes", new SqlArrayValue("text", changes))
			.param("errors", new SqlArrayValue("text", errors))
			.update();
	}

	/**
	 * Rejects every row whose employee number another row of the file has too: which of them the HR
	 * system meant is not for the import to guess.
	 */
	void rejectDuplicateNumbers(UUID importId) {
		// MATERIALIZED: the rows were just inserted, so the planner's statistics may still say the table is
		// empty; a nested loop would then run the grouping once per row of the file (quadratic)
		jdbc.sql("""
				WITH d AS MATERIALIZED (
				    SELECT employee_number, string_agg(line::text, ', ' ORDER BY line) AS lines FROM hr_import_rows
				    WHERE import_id = :import AND employee_number IS NOT NULL
				    GROUP BY employee_number HAVING count(*) > 1)
				UPDATE hr_import_rows r SET kind = 'reject', changes = '{}',
				    errors = jsonb_build_array('employeeNumber ' || r.employee_number || ' is on more than one row (lines '
				        || d.lines || ')')
				FROM d
				WHERE r.import_id = :import AND r.employee_number = d.employee_number""")
			.param("import", importId)
			.update();
	}

	/** Counts the rows by kind into the import and sets its status. */
	void summarise(UUID importId, String status) {
		jdbc.sql("""
				UPDATE hr_imports i SET status = :status,
				    creates = c.creates, updates = c.updates, unchanged = c.unchanged, offboards = c.offboards, rejects = c.rejects
				FROM (SELECT count(*) FILTER (WHERE kind = 'create') AS creates, count(*) FILTER (WHERE kind = 'update') AS updates,
				             count(*) FILTER (WHERE kind = 'unchanged') AS unchanged,
				             count(*) FILTER (WHERE kind = 'offboard') AS offboards, count(*) FILTER (WHERE kind = 'reject') AS rejects
				      FROM hr_import_rows WHERE import_id = :import) c
				WHERE i.id = :import""")
			.param("import", importId)
			.param("status", status)
			.update();
	}

	Optional<ImportView> find(UUID id) {
		return jdbc.sql("SELECT " + IMPORT_COLUMNS + " FROM hr_imports WHERE id = :id")
			.param("id", id)
			.query(ImportRepository::view)
			.optional();
	}

	Optional<ImportView> findForUpdate(UUID id) {
		return jdbc.sql("SELECT " + IMPORT_COLUMNS + " FROM hr_imports WHERE id = :id FOR UPDATE")
			.param("id", id)
			.query(ImportRepository::view)
			.optional();
	}

	/** The tenant's imports, newest first. */
	List<ImportView> recent(int limit) {
		return jdbc.sql("SELECT " + IMPORT_COLUMNS
				+ " FROM hr_imports WHERE status <> 'reading' ORDER BY created_at DESC, id LIMIT :limit")
			.param("limit", limit)
			.query(ImportRepository::view)
			.list();
	}

	void setStatus(UUID id, String status) {
		jdbc.sql("UPDATE hr_imports SET status = :status WHERE id = :id").param("id", id).param("status", status).update();
	}

	void confirm(UUID id, String admin, Instant at) {
		jdbc.sql("UPDATE hr_imports SET status = 'previewed', confirmed_by = :admin, confirmed_at = :at WHERE id = :id")
			.param("id", id)
			.param("admin", admin)
			.param("at", Timestamp.from(at))
			.update();
	}

	void finish(UUID id, Instant at) {
		jdbc.sql("UPDATE hr_imports SET status = 'applied', applied_at = :at WHERE id = :id AND status = 'applying'")
			.param("id", id)
			.param("at", Timestamp.from(at))
			.update();
	}

	/** The oldest import of the tenant being applied. */
	Optional<UUID> applying() {
		return jdbc.sql("SELECT id FROM hr_imports WHERE status = 'applying' ORDER BY created_at, id LIMIT 1")
			.query(UUID.class)
			.optional();
	}

	/** The next rows of the import still to apply, in file order. */
	List<ImportRow> pending(UUID importId, int limit) {
		return jdbc.sql("SELECT " + ROW_COLUMNS + """
				 FROM hr_import_rows WHERE import_id = :import AND outcome IS NULL AND kind IN ('create', 'update', 'offboard')
				ORDER BY line LIMIT :limit""")
			.param("import", importId)
			.param("limit", limit)
			.query(this::row)
			.list();
	}

	/** Records a row's outcome and counts it on the import, once: a row already settled keeps its outcome. */
	void outcome(UUID importId, int line, boolean applied, String error) {
		int settled = jdbc.sql("""
				UPDATE hr_import_rows SET outcome = :outcome, error = :error
				WHERE import_id = :import AND line = :line AND outcome IS NULL""")
			.param("import", importId)
			.param("line", line)
			.param("outcome", applied ? "applied" : "failed")
			.param("error", error)
			.update();
		if (settled == 0) {
			return;
		}
		jdbc.sql(applied ? "UPDATE hr_imports SET applied = applied + 1 WHERE id = :import"
				: "UPDATE hr_imports SET failed = failed + 1 WHERE id = :import")
			.param("import", importId)
			.update();
	}

	/**
	 * Records the outcomes of a chunk's rows in one statement ({@code errors[i]} null: applied) and
	 * counts them on the import; rows with an outcome already keep it.
	 */
	void outcomes(UUID importId, List<Integer> lines, List<String> errors) {
		if (lines.isEmpty()) {
			return;
		}
		List<String> set = jdbc.sql("""
				UPDATE hr_import_rows r SET outcome = CASE WHEN o.error IS NULL THEN 'applied' ELSE 'failed' END, error = o.error
				FROM unnest(:lines, :errors) AS o (line, error)
				WHERE r.import_id = :import AND r.line = o.line AND r.outcome IS NULL
				RETURNING r.outcome""")
			.param("import", importId)
			.param("lines", new SqlArrayValue("integer", lines.toArray()))
			.param("errors", new SqlArrayValue("text", errors.toArray()))
			.query(String.class)
			.list();
		long applied = set.stream().filter("applied"::equals).count();
		long failed = set.size() - applied;
		jdbc.sql("UPDATE hr_imports SET applied = applied + :applied, failed = failed + :failed WHERE id = :import")
			.param("import", importId)
			.param("applied", applied)
			.param("failed", failed)
			.update();
	}

	/** Locks the row of the import for the rest of the transaction; whether it still waits for its outcome. */
	boolean lockPending(UUID importId, int line) {
		return jdbc.sql("SELECT outcome IS NULL FROM hr_import_rows WHERE import_id = :import AND line = :line FOR UPDATE")
			.param("import", importId)
			.param("line", line)
			.query(Boolean.class)
			.optional()
			.orElse(false);
	}

	/** A page of the import's rows in file order, of one kind or all (null); {@code failed} only the failed ones. */
	Page<ImportRow> rows(UUID importId, String kind, boolean failed, String cursor, int limit) {
		Integer after = Cursors.decode(cursor, parts -> Integer.valueOf(parts.get(0)));
		List<ImportRow> rows = jdbc.sql("SELECT " + ROW_COLUMNS + """
				 FROM hr_import_rows WHERE import_id = :import AND (CAST(:kind AS text) IS NULL OR kind = :kind)
				    AND (NOT :failed OR outcome = 'failed' OR kind = 'reject')
				    AND (CAST(:after AS integer) IS NULL OR line > :after)
				ORDER BY line LIMIT :limit""")
			.param("import", importId)
			.param("kind", kind)
			.param("failed", failed)
			.param("after", after)
			.param("limit", limit + 1)
			.query(this::row)
			.list();
		return Page.of(rows, limit, row -> Cursors.encode(row.line()));
	}

	/** The tenants with an import being applied (the apply job's one cross-tenant question). */
	List<String> tenantsApplying() {
		return jdbc.sql("SELECT t FROM hr_tenants_with_applying_imports() AS t ORDER BY t").query(String.class).list();
	}

	/** The import's last line (0 for none). */
	int lastLine(UUID importId) {
		return jdbc.sql("SELECT coalesce(max(line), 0) FROM hr_import_rows WHERE import_id = :import")
			.param("import", importId)
			.query(Integer.class)
			.single();
	}

	/** Whether a row of the import has no employee number (one the file's reader could not make out). */
	boolean hasRowWithoutNumber(UUID importId) {
		return jdbc.sql("SELECT EXISTS (SELECT 1 FROM hr_import_rows WHERE import_id = :import AND employee_number IS NULL)")
			.param("import", importId)
			.query(Boolean.class)
			.single();
	}

	/** Which of {@code numbers} a row of the import names. */
	List<String> numbersNamed(UUID importId, List<String> numbers) {
		if (numbers.isEmpty()) {
			return List.of();
		}
		return jdbc.sql("""
				SELECT DISTINCT employee_number FROM hr_import_rows
				WHERE import_id = :import AND employee_number = ANY(:numbers)""")
			.param("import", importId)
			.param("numbers", new SqlArrayValue("text", numbers.toArray()))
			.query(String.class)
			.list();
	}

	/** The held imports of {@code source} other than {@code except}, superseded (never to be applied); how many. */
	int supersedeHeld(String source, UUID except) {
		return jdbc.sql("UPDATE hr_imports SET status = 'superseded' WHERE status = 'held' AND source = :source AND id <> :id")
			.param("source", source)
			.param("id", except)
			.update();
	}

	/** The imports of {@code ids} (those that exist). */
	List<ImportView> findAll(List<UUID> ids) {
		if (ids.isEmpty()) {
			return List.of();
		}
		return jdbc.sql("SELECT " + IMPORT_COLUMNS + " FROM hr_imports WHERE id = ANY(:ids)")
			.param("ids", new SqlArrayValue("uuid", ids.toArray()))
			.query(ImportRepository::view)
			.list();
	}

	private ImportRow row(ResultSet rs, int n) throws SQLException {
		return new ImportRow(rs.getInt("line"), rs.getString("kind"), rs.getString("employee_number"),
				rs.getObject("employee_id", UUID.class), rs.getObject("expected_version", Integer.class),
				json.readValue(rs.getString("data"), VALUES), json.readValue(rs.getString("changes"), CHANGES),
				json.readValue(rs.getString("errors"), ERRORS), rs.getString("outcome"), rs.getString("error"));
	}

	private static ImportView view(ResultSet rs, int n) throws SQLException {
		Timestamp applied = rs.getTimestamp("applied_at");
		return new ImportView(rs.getObject("id", UUID.class), rs.getString("status"), rs.getString("source"),
				new ImportView.Summary(rs.getInt("creates"), rs.getInt("updates"), rs.getInt("unchanged"),
						rs.getInt("offboards"), rs.getInt("rejects")),
				new ImportView.Progress(rs.getInt("applied"), rs.getInt("failed")), rs.getString("created_by"),
				rs.getTimestamp("created_at").toInstant(), rs.getString("confirmed_by"),
				applied == null ? null : applied.toInstant());
	}
}
