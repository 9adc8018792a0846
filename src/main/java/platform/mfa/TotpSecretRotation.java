package platform.mfa;

import org.springframework.stereotype.Component;

import platform.SecretRotation;
import platform.SecretStore;
import platform.TenantTransactions;

/** {@link SecretRotation} of the second-factor secrets (a no-op without a key: nothing can be sealed). */
@Component
class TotpSecretRotation implements SecretRotation {

	private final TenantTransactions transactions;
	private final SecondFactorRepository repository;
	private final SecretStore secrets;

	TotpSecretRotation(TenantTransactions transactions, SecondFactorRepository repository, SecretStore secrets) {
		this.transactions = transactions;
		this.repository = repository;
		this.secrets = secrets;
	}

	@Override
	public int reseal(String tenantId) {
		if (!secrets.configured()) {
			return 0;
		}
		return transactions.inTenant(tenantId, () -> repository.resealSecrets(secrets::reseal));
	}
}
