package platform.mfa;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import platform.SealedColumn;
import platform.SealedColumnRotation;
import platform.SecretStore;
import platform.TenantTransactions;

/** Key rotation of the second-factor secrets. */
@Component
class TotpSecretRotation extends SealedColumnRotation {

	static final SealedColumn SECRETS = new SealedColumn("app_user_totp", "tenant_id", "username", "secret_encrypted");

	TotpSecretRotation(TenantTransactions transactions, JdbcClient jdbc, SecretStore secrets) {
		super(SECRETS, transactions, jdbc, secrets);
	}
}
