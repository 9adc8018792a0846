package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import platform.testing.JmlHubIntegrationTest;

/**
 * Every table with a {@code tenant_id} column has row-level security enabled and forced (so the
 * owner is bound too) and at least one policy: a new table without it fails here, whatever else
 * its tests cover. And every cross-tenant scan (a SECURITY DEFINER function that does not work in one
 * tenant's unit of work) can see the forced tables it reads: forced row-level security binds the
 * owner the function runs as, so without a policy for the owner it sees nothing once the owner is no
 * superuser, as in production (tests run Flyway as a superuser, which bypasses row-level security:
 * only this inventory notices). The checks themselves are proven on planted tables in a scratch schema.
 */
@JmlHubIntegrationTest
class RowLevelSecurityInventoryTests {

	/** Tables of {@code schema} with a tenant_id column, each with what it lacks. */
	private static final String INVENTORY = """
			SELECT c.relname || ':' || concat_ws(',',
			         CASE WHEN NOT c.relrowsecurity THEN 'not enabled' END,
			         CASE WHEN NOT c.relforcerowsecurity THEN 'not forced' END,
			         CASE WHEN NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid) THEN 'no policy' END)
			FROM pg_class c
			JOIN pg_namespace n ON n.oid = c.relnamespace
			WHERE n.nspname = :schema AND c.relkind IN ('r', 'p')
			  AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
			  AND (NOT c.relrowsecurity OR NOT c.relforcerowsecurity
			       OR NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid))
			ORDER BY c.relname
			""";

	/**
	 * Each SECURITY DEFINER function of {@code schema} that is not scoped to the tenant of its unit of
	 * work, with each forced table it names that has no unconditional read policy for its owner.
	 */
	private static final String BLIND_SCANS = """
			SELECT p.proname || ':' || c.relname
			FROM pg_proc p
			JOIN pg_namespace n ON n.oid = p.pronamespace
			JOIN pg_class c ON c.relnamespace = n.oid AND c.relkind IN ('r', 'p') AND c.relforcerowsecurity
			WHERE n.nspname = :schema AND p.prosecdef
			  AND p.prosrc ~ ('\\m' || c.relname || '\\M')
			  AND p.prosrc !~ 'current_setting\\(\\s*''app\\.tenant_id'''
			  AND NOT EXISTS (
			      SELECT 1 FROM pg_policy pol
			      WHERE pol.polrelid = c.oid AND pol.polcmd IN ('r', '*')
			        AND (p.proowner = ANY (pol.polroles) OR 0 = ANY (pol.polroles))
			        AND pg_get_expr(pol.polqual, pol.polrelid) = 'true')
			ORDER BY 1
			""";

	@Autowired
	JdbcClient jdbc;

	@Autowired
	Environment environment;

	@Test
	void everyTableWithATenantIdHasRowLevelSecurityEnabledForcedAndAPolicy() {
		String schema = jdbc.sql("SELECT current_schema()").query(String.class).single();
		long tenantTables = jdbc.sql("""
				SELECT count(DISTINCT c.oid) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
				JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id'
				WHERE n.nspname = :schema AND c.relkind IN ('r', 'p')""").param("schema", schema).query(Long.class).single();
		assertThat(tenantTables).as("the inventory sees the tenant tables").isGreaterThan(20);
		assertThat(missing(jdbc, schema)).isEmpty();
	}

	@Test
	void theInventoryFindsAPlantedTableWithoutIt() {
		JdbcClient owner = JdbcClient.create(new DriverManagerDataSource(environment.getProperty("spring.flyway.url"),
				environment.getProperty("spring.flyway.user"), environment.getProperty("spring.flyway.password")));
		String schema = "rls_probe_" + UUID.randomUUID().toString().substring(0, 8);
		owner.sql("CREATE SCHEMA " + schema).update();
		try {
			owner.sql("CREATE TABLE " + schema + ".planted (id int, tenant_id text)").update();
			owner.sql("CREATE TABLE " + schema + ".enabled_only (id int, tenant_id text)").update();
			owner.sql("ALTER TABLE " + schema + ".enabled_only ENABLE ROW LEVEL SECURITY").update();
			owner.sql("CREATE TABLE " + schema + ".guarded (id int, tenant_id text)").update();
			owner.sql("ALTER TABLE " + schema + ".guarded ENABLE ROW LEVEL SECURITY").update();
			owner.sql("ALTER TABLE " + schema + ".guarded FORCE ROW LEVEL SECURITY").update();
			owner.sql("CREATE POLICY tenant_isolation ON " + schema
					+ ".guarded USING (tenant_id = current_setting('app.tenant_id', true))").update();
			owner.sql("CREATE TABLE " + schema + ".no_tenant (id int)").update();

			assertThat(missing(owner, schema)).containsExactly("enabled_only:not forced,no policy",
					"planted:not enabled,not forced,no policy");
		}
		finally {
			owner.sql("DROP SCHEMA " + schema + " CASCADE").update();
		}
	}

	@Test
	void everyCrossTenantScanSeesTheForcedTablesItReads() {
		String schema = jdbc.sql("SELECT current_schema()").query(String.class).single();
		long scans = jdbc.sql("""
				SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
				WHERE n.nspname = :schema AND p.prosecdef""").param("schema", schema).query(Long.class).single();
		assertThat(scans).as("the inventory sees the SECURITY DEFINER functions").isGreaterThan(20);
		assertThat(blindScans(jdbc, schema)).isEmpty();
	}

	@Test
	void theScanInventoryFindsAPlantedScanThatCannotSeeItsTable() {
		JdbcClient owner = JdbcClient.create(new DriverManagerDataSource(environment.getProperty("spring.flyway.url"),
				environment.getProperty("spring.flyway.user"), environment.getProperty("spring.flyway.password")));
		String schema = "rls_scan_probe_" + UUID.randomUUID().toString().substring(0, 8);
		owner.sql("CREATE SCHEMA " + schema).update();
		try {
			for (String table : List.of("hidden", "visible", "scoped")) {
				owner.sql("CREATE TABLE " + schema + "." + table + " (id int, tenant_id text)").update();
				owner.sql("ALTER TABLE " + schema + "." + table + " ENABLE ROW LEVEL SECURITY").update();
				owner.sql("ALTER TABLE " + schema + "." + table + " FORCE ROW LEVEL SECURITY").update();
				owner.sql("CREATE POLICY tenant_isolation ON " + schema + "." + table
						+ " USING (tenant_id = current_setting('app.tenant_id', true))").update();
			}
			owner.sql("CREATE POLICY owner_job_scan ON " + schema + ".visible FOR SELECT TO CURRENT_USER USING (true)")
				.update();
			owner.sql("CREATE FUNCTION " + schema + ".blind_scan() RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER"
					+ " AS $$ SELECT tenant_id FROM " + schema + ".hidden JOIN " + schema + ".visible USING (id, tenant_id) $$")
				.update();
			owner.sql("CREATE FUNCTION " + schema + ".seeing_scan() RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER"
					+ " AS $$ SELECT tenant_id FROM " + schema + ".visible $$").update();
			owner.sql("CREATE FUNCTION " + schema + ".tenant_scoped() RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER"
					+ " AS $$ SELECT tenant_id FROM " + schema + ".scoped WHERE tenant_id = current_setting('app.tenant_id') $$")
				.update();

			assertThat(blindScans(owner, schema)).containsExactly("blind_scan:hidden");
		}
		finally {
			owner.sql("DROP SCHEMA " + schema + " CASCADE").update();
		}
	}

	private static List<String> blindScans(JdbcClient client, String schema) {
		return client.sql(BLIND_SCANS).param("schema", schema).query(String.class).list();
	}

	private static List<String> missing(JdbcClient client, String schema) {
		return client.sql(INVENTORY).param("schema", schema).query(String.class).list();
	}
}
