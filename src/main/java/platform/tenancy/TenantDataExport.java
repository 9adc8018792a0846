package platform.tenancy;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import platform.TenantTransactions;
import tools.jackson.databind.json.JsonMapper;

/**
 * A tenant's data as a zip: one {@code <table>.jsonl} (a JSON object per line) for every table of
 * the schema with a {@code tenant_id} column (found in {@code information_schema}, so a table a later
 * migration adds is exported without a change here), {@code tenants.jsonl} with the tenant itself,
 * and {@code manifest.json} with the row counts. Everything is read in one read-only transaction
 * of the tenant (row-level security, one snapshot), streamed row by row through a cursor: memory
 * stays constant whatever the size. Credentials (password and token hashes, secrets) are left out.
 */
@Component
class TenantDataExport {

	/** Columns never exported: they would let the archive's holder sign in or call an issuer. */
	static final Pattern CREDENTIAL = Pattern.compile(".*(_hash|secret).*");
	private static final int FETCH_SIZE = 500;

	private final TenantTransactions transactions;
	private final JdbcTemplate jdbc;
	private final JsonMapper json;
	private final Clock clock;

	TenantDataExport(TenantTransactions transactions, DataSource dataSource, JsonMapper json, Clock clock) {
		this.transactions = transactions;
		this.jdbc = new JdbcTemplate(dataSource);
		this.jdbc.setFetchSize(FETCH_SIZE);
		this.json = json;
		this.clock = clock;
	}

	void write(String tenantId, OutputStream out) {
		transactions.readInTenant(tenantId, () -> {
			try (ZipOutputStream zip = new ZipOutputStream(out, StandardCharsets.UTF_8)) {
				Map<String, Long> counts = new LinkedHashMap<>();
				counts.put("tenants", table(zip, "tenants", "id", tenantId, List.of()));
				for (Map.Entry<String, List<String>> table : tables().entrySet()) {
					counts.put(table.getKey(), table(zip, table.getKey(), "tenant_id", tenantId, table.getValue()));
				}
				zip.putNextEntry(new ZipEntry("manifest.json"));
				Map<String, Object> manifest = new LinkedHashMap<>();
				manifest.put("tenant", tenantId);
				manifest.put("exportedAt", clock.instant().toString());
				manifest.put("format", "one JSON object per line and table; credentials (password and token hashes, secrets) left out");
				manifest.put("tables", counts);
				zip.write(json.writeValueAsBytes(manifest));
				zip.closeEntry();
			}
			catch (IOException e) {
				throw new UncheckedIOException(e);
			}
			return null;
		});
	}

	/** Every table with a tenant_id column and the credential columns to leave out of it, by name. */
	private Map<String, List<String>> tables() {
		Map<String, List<String>> tables = new LinkedHashMap<>();
		jdbc.query("""
				SELECT c.table_name,
				       coalesce(array_agg(k.column_name::text) FILTER (WHERE k.column_name IS NOT NULL), '{}') AS credentials
				FROM information_schema.columns c
				JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
				LEFT JOIN information_schema.columns k ON k.table_schema = c.table_schema AND k.table_name = c.table_name
				     AND k.column_name ~ ?
				WHERE c.table_schema = current_schema() AND c.column_name = 'tenant_id' AND t.table_type = 'BASE TABLE'
				GROUP BY c.table_name ORDER BY c.table_name""", rs -> {
			tables.put(rs.getString(1), List.of((String[]) rs.getArray(2).getArray()));
		}, CREDENTIAL.pattern());
		return tables;
	}

	private long table(ZipOutputStream zip, String table, String keyColumn, String tenantId, List<String> leftOut)
			throws IOException {
		zip.putNextEntry(new ZipEntry(table + ".jsonl"));
		long[] rows = { 0 };
		// table and column names come from information_schema (or are constants), quoted as identifiers
		String sql = "SELECT (to_jsonb(t) - ?::text[])::text FROM " + identifier(table) + " t WHERE t." + identifier(keyColumn)
				+ " = ?";
		jdbc.query(sql, rs -> {
			try {
				zip.write(rs.getString(1).getBytes(StandardCharsets.UTF_8));
				zip.write('\n');
				rows[0]++;
			}
			catch (IOException e) {
				throw new UncheckedIOException(e);
			}
		}, leftOut.toArray(String[]::new), tenantId);
		zip.closeEntry();
		return rows[0];
	}

	private static String identifier(String name) {
		return '"' + name.replace("\"", "\"\"") + '"';
	}
}
