package access.testing;

import java.util.List;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;

import platform.AppUser;
import platform.Role;
import platform.TenantTransactions;
import platform.testing.TestTenants;

/**
 * A tenant of its own for an access test (password {@code demo}, admin and HR {@code boss}): its
 * catalog, requests and provisioning settings touch no other test. Users are added with a role and
 * groups; {@link #user} gives the signed-in user the services take, {@link #login} the name the
 * login form takes.
 */
public final class AccessTenant {

	private static final String HASH = PasswordEncoderFactories.createDelegatingPasswordEncoder().encode("demo");

	public final String id;
	private final TenantTransactions transactions;
	private final JdbcClient jdbc;

	public AccessTenant(TenantTransactions transactions, JdbcClient jdbc, String prefix) {
		this.transactions = transactions;
		this.jdbc = jdbc;
		this.id = TestTenants.create(transactions, jdbc, prefix, "boss");
	}

	/** Adds {@code name} ({@code name@<tenant>.example}) with {@code role} (null: none, a plain employee), in {@code groups}. */
	public AccessTenant add(String name, Role role, String... groups) {
		transactions.runInTenant(id, () -> {
			jdbc.sql("""
					INSERT INTO app_users (username, tenant_id, display_name, email, password_hash)
					VALUES (:u, :t, :d, :e, :h)""")
				.param("u", name).param("t", id).param("d", Character.toUpperCase(name.charAt(0)) + name.substring(1) + " Tester")
				.param("e", email(name)).param("h", HASH).update();
			if (role != null) {
				jdbc.sql("INSERT INTO app_user_roles (tenant_id, username, role) VALUES (:t, :u, :r)")
					.param("t", id).param("u", name).param("r", role.name()).update();
			}
			for (String group : groups) {
				jdbc.sql("INSERT INTO app_groups (tenant_id, name) VALUES (:t, :g) ON CONFLICT DO NOTHING")
					.param("t", id).param("g", group).update();
				jdbc.sql("INSERT INTO app_group_members (tenant_id, group_name, username) VALUES (:t, :g, :u)")
					.param("t", id).param("g", group).param("u", name).update();
			}
		});
		return this;
	}

	public String email(String name) {
		return name + "@" + id + ".example";
	}

	/** The name {@code name} signs in with. */
	public String login(String name) {
		return name + "@" + id;
	}

	/** {@code name} signed in, as the services take them. */
	public AppUser user(String name) {
		List<Role> roles = transactions.readInTenant(id, () -> jdbc.sql(
				"SELECT role FROM app_user_roles WHERE tenant_id = :t AND username = :u")
			.param("t", id).param("u", name).query(String.class).list()).stream().map(Role::valueOf).toList();
		List<String> groups = transactions.readInTenant(id, () -> jdbc.sql(
				"SELECT group_name FROM app_group_members WHERE tenant_id = :t AND username = :u")
			.param("t", id).param("u", name).query(String.class).list());
		return new AppUser(name, id, "Tenant " + id, name, Set.copyOf(roles), Set.copyOf(groups), true, null);
	}
}
