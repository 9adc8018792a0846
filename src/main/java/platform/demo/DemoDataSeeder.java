package platform.demo;

import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;

import platform.Role;
import platform.TenantTransactions;
import platform.security.OperatorRepository;

/**
 * Seeds the demo tenants and users (password {@code demo}) when {@code jmlhub.demo} is on, which
 * the embedded default sets. Idempotent, so restarts and several test contexts are harmless.
 */
@Component
@ConditionalOnBooleanProperty("jmlhub.demo")
class DemoDataSeeder {

	private static final Logger log = LoggerFactory.getLogger(DemoDataSeeder.class);

	record DemoUser(String username, String displayName, List<Role> roles, List<String> groups) {
	}

	static final Map<String, String> TENANTS = Map.of("acme", "Acme Corp", "globex", "Globex");

	static final Map<String, List<DemoUser>> USERS = Map.of(
			"acme", List.of(
					new DemoUser("hana", "Hana Hoffmann", List.of(Role.HR), List.of()),
					new DemoUser("manny", "Manny Mendes", List.of(Role.APPROVER), List.of("managers")),
					new DemoUser("ivan", "Ivan Ivanov", List.of(Role.APPROVER), List.of("it")),
					new DemoUser("sara", "Sara Schulz", List.of(Role.APPROVER), List.of("security")),
					new DemoUser("sam", "Sam Sato", List.of(Role.APPROVER), List.of("security")),
					new DemoUser("ada", "Ada Admin", List.of(Role.ADMIN), List.of()),
					// an employee without a role: she requests access and sees her own, as every user may
					new DemoUser("pia", "Pia Petersen", List.of(), List.of())),
			"globex", List.of(
					new DemoUser("gus", "Gus Garcia", List.of(Role.HR, Role.ADMIN, Role.APPROVER),
							List.of("managers", "it", "security", "hr")),
					new DemoUser("gina", "Gina Russo", List.of(Role.HR), List.of())));

	static final List<String> TEMPLATE_GROUPS = List.of("managers", "it", "security", "hr");

	/** The demo's platform operator (cross-tenant jobs); globex's admin gus is a tenant admin only. */
	static final String DEMO_OPERATOR = "ada";
	static final String DEMO_OPERATOR_TENANT = "acme";

	DemoDataSeeder(TenantTransactions transactions, JdbcClient jdbc, PasswordEncoder encoder,
			OperatorRepository operators) {
		String hash = encoder.encode("demo");
		TENANTS.forEach((tenant, name) -> transactions.runInTenant(tenant, () -> {
			jdbc.sql("INSERT INTO tenants (id, name) VALUES (:id, :name) ON CONFLICT DO NOTHING")
				.param("id", tenant).param("name", name).update();
			// the groups the definitions' templates name, so every demo tenant has them (acme's hr is empty)
			TEMPLATE_GROUPS.forEach(group -> jdbc.sql("INSERT INTO app_groups (tenant_id, name) VALUES (:tenant, :group) ON CONFLICT DO NOTHING")
				.param("tenant", tenant).param("group", group).update());
			for (DemoUser user : USERS.get(tenant)) {
				jdbc.sql("""
						INSERT INTO app_users (username, tenant_id, display_name, email, password_hash)
						VALUES (:username, :tenant, :displayName, :email, :hash) ON CONFLICT DO NOTHING
						""")
					.param("username", user.username()).param("tenant", tenant)
					.param("email", user.username() + "@" + tenant + ".example")
					.param("displayName", user.displayName()).param("hash", hash).update();
				user.roles().forEach(role -> jdbc.sql("""
						INSERT INTO app_user_roles (tenant_id, username, role) VALUES (:tenant, :username, :role)
						ON CONFLICT DO NOTHING""")
					.param("tenant", tenant).param("username", user.username()).param("role", role.name()).update());
				user.groups().forEach(group -> jdbc.sql("""
						INSERT INTO app_groups (tenant_id, name) VALUES (:tenant, :group) ON CONFLICT DO NOTHING""")
					.param("tenant", tenant).param("group", group).update());
				user.groups().forEach(group -> jdbc.sql("""
						INSERT INTO app_group_members (tenant_id, group_name, username) VALUES (:tenant, :group, :username)
						ON CONFLICT DO NOTHING""")
					.param("tenant", tenant).param("group", group).param("username", user.username()).update());
			}
		}));
		// granted in the operator's tenant unit of work (row-level security, V212)
		transactions.runInTenant(DEMO_OPERATOR_TENANT, () -> operators.grant(DEMO_OPERATOR_TENANT, DEMO_OPERATOR, "demo"));
		log.info("Demo data ready: tenant acme (hana/HR, manny/ivan/sara/sam APPROVER, ada/ADMIN and platform operator, "
				+ "pia/no role), "
				+ "tenant globex (gus/all roles, gina/HR); password 'demo'");
	}
}
