package platform.testing;

import java.util.List;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;

import platform.TenantTransactions;

/**
 * A fresh tenant per test class (the demo tenants are shared by every test), with one ADMIN and HR
 * user, password {@code demo}: changes to its users, groups and definitions touch nobody else.
 */
public final class TestTenants {

	private static final String DEMO_HASH = PasswordEncoderFactories.createDelegatingPasswordEncoder().encode("demo");

	private TestTenants() {
	}

	/** Creates tenant {@code prefix-<random>} with the admin {@code admin}; returns the tenant id. */
	public static String create(TenantTransactions transactions, JdbcClient jdbc, String prefix, String admin) {
		String tenant = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
		transactions.runInTenant(tenant, () -> {
			jdbc.sql("INSERT INTO tenants (id, name) VALUES (:id, :name)").param("id", tenant).param("name", "Tenant " + tenant).update();
			jdbc.sql("""
					INSERT INTO app_users (username, tenant_id, display_name, email, password_hash)
					VALUES (:u, :t, :u, :email, :hash)""")
				.param("u", admin).param("t", tenant).param("email", admin + "@" + tenant + ".example").param("hash", DEMO_HASH)
				.update();
			for (String role : List.of("ADMIN", "HR")) {
				jdbc.sql("INSERT INTO app_user_roles (tenant_id, username, role) VALUES (:t, :u, :r)")
					.param("t", tenant).param("u", admin).param("r", role).update();
			}
		});
		return tenant;
	}
}
