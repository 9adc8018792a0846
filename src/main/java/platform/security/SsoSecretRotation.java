package platform.security;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import platform.SealedColumn;
import platform.SealedColumnRotation;
import platform.SecretStore;
import platform.TenantTransactions;

/** Key rotation of the SSO client secret (one per tenant). */
@Component
class SsoSecretRotation extends SealedColumnRotation {

	static final SealedColumn CLIENT_SECRET = new SealedColumn("platform_sso", "tenant_id", "tenant_id", "client_secret");

	SsoSecretRotation(TenantTransactions transactions, JdbcClient jdbc, SecretStore secrets) {
		super(CLIENT_SECRET, transactions, jdbc, secrets);
	}
}
