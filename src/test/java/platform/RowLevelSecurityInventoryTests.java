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
 * its tests cover. The check itself is proven on a planted table in a scratch schema.
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

	private static List<String> missing(JdbcClient client, String schema) {
		return client.sql(INVENTORY).param("schema", schema).query(String.class).list();
	}
}
