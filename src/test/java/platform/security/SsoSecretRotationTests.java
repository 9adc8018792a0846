package platform.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.SealedColumn;
import platform.SecretStore;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;

/**
 * Key rotation of the SSO client secret: a secret stored before encryption is sealed under the current
 * key and still opens to the same value, a second pass changes nothing, and a tenant's rotation touches
 * only that tenant's secret.
 */
@JmlHubIntegrationTest
class SsoSecretRotationTests {

	@Autowired
	SsoSecretRotation rotation;

	@Autowired
	SecretStore secrets;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void aPlainClientSecretIsSealedOnceAndOnlyInItsTenant() {
		String tenant = tenantWithPlainSecret("ssor", "first-secret");
		String other = tenantWithPlainSecret("ssor", "other-secret");

		assertThat(rotation.reseal(tenant)).isEqualTo(1);

		String stored = storedSecret(tenant);
		assertThat(stored).startsWith("enc:").doesNotContain("first-secret");
		assertThat(secrets.open(stored)).isEqualTo("first-secret");
		assertThat(storedSecret(other)).as("another tenant's secret waits for its own pass").isEqualTo("other-secret");
		assertThat(rotation.reseal(tenant)).as("already under the current key").isZero();
		assertThat(storedSecret(tenant)).isEqualTo(stored);
		assertThat(rotation.reseal(other)).isEqualTo(1);
		assertThat(secrets.open(storedSecret(other))).isEqualTo("other-secret");
	}

	@Test
	void aSealedColumnTakesPlainSqlNamesOnly() {
		assertThatThrownBy(() -> new SealedColumn("platform_sso; DROP TABLE tenants", "tenant_id", "tenant_id", "client_secret"))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("not a plain SQL name");
	}

	private String tenantWithPlainSecret(String prefix, String secret) {
		String tenant = TestTenants.create(transactions, jdbc, prefix, "boss");
		transactions.runInTenant(tenant, () -> jdbc.sql("""
				INSERT INTO platform_sso (tenant_id, issuer_uri, client_id, client_secret)
				VALUES (:tenant, 'https://idp.example', 'jml', :secret)""")
			.param("tenant", tenant)
			.param("secret", secret)
			.update());
		return tenant;
	}

	private String storedSecret(String tenant) {
		return transactions.readInTenant(tenant,
				() -> jdbc.sql("SELECT client_secret FROM platform_sso").query(String.class).single());
	}
}
