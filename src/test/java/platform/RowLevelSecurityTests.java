package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.testing.JmlHubIntegrationTest;

/** Tenant isolation is enforced by PostgreSQL itself for the runtime role the app connects as. */
@JmlHubIntegrationTest
class RowLevelSecurityTests {

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void runtimeRoleIsNeitherSuperuserNorOwnerNorBypassingRls() {
		var role = jdbc.sql("SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user")
			.query((rs, row) -> rs.getBoolean(1) || rs.getBoolean(2)).single();
		String owner = jdbc.sql("SELECT tableowner FROM pg_tables WHERE tablename = 'app_users'").query(String.class).single();
		String current = jdbc.sql("SELECT current_user").query(String.class).single();
		assertThat(role).isFalse();
		assertThat(owner).isNotEqualTo(current);
	}

	@Test
	void aQueryWithoutWhereSeesOnlyTheCurrentTenant() {
		var acme = transactions.inTenant("acme",
				() -> jdbc.sql("SELECT DISTINCT tenant_id FROM app_users").query(String.class).list());
		var globex = transactions.inTenant("globex",
				() -> jdbc.sql("SELECT username FROM app_users").query(String.class).list());
		assertThat(acme).containsExactly("acme");
		assertThat(globex).containsExactlyInAnyOrder("gus", "gina");
	}

	@Test
	void outsideATenantUnitOfWorkNothingIsVisible() {
		assertThat(jdbc.sql("SELECT count(*) FROM app_users").query(Long.class).single()).isZero();
	}

	@Test
	void aTenantCannotWriteAnotherTenantsRows() {
		assertThatThrownBy(() -> transactions.runInTenant("acme", () -> jdbc
			.sql("INSERT INTO app_group_members (tenant_id, group_name, username) VALUES ('globex', 'it', 'gus')")
			.update())).rootCause().hasMessageContaining("row-level security");

		int updated = transactions.inTenant("acme",
				() -> jdbc.sql("UPDATE app_users SET display_name = 'hacked' WHERE username = 'gus'").update());
		assertThat(updated).isZero();
		int deleted = transactions.inTenant("acme",
				() -> jdbc.sql("DELETE FROM app_group_members WHERE username = 'gus'").update());
		assertThat(deleted).isZero();
		assertThat(transactions.inTenant("globex",
				() -> jdbc.sql("SELECT display_name FROM app_users WHERE username = 'gus'").query(String.class).single()))
			.isEqualTo("Gus Garcia");
	}

	@Test
	void groupsAndAuditAreTenantRowsToo() {
		assertThat(transactions.inTenant("globex", () -> jdbc.sql("SELECT DISTINCT tenant_id FROM app_groups").query(String.class).list()))
			.containsExactly("globex");
		assertThatThrownBy(() -> transactions.runInTenant("acme", () -> jdbc
			.sql("INSERT INTO app_groups (tenant_id, name) VALUES ('globex', 'sneaky')").update()))
			.rootCause().hasMessageContaining("row-level security");
		assertThat(transactions.inTenant("acme",
				() -> jdbc.sql("UPDATE app_groups SET name = 'renamed' WHERE tenant_id = 'globex'").update())).isZero();
		assertThat(jdbc.sql("SELECT count(*) FROM workflow_definition_versions").query(Long.class).single()).isZero();
	}

	@Test
	void nestedUnitsOfWorkMustNotSwitchTenants() {
		assertThatThrownBy(() -> transactions.runInTenant("acme", () -> transactions.runInTenant("globex", () -> {
		}))).isInstanceOf(IllegalStateException.class);
	}
}
