package platform.security;

import org.springframework.stereotype.Component;

import platform.SecretRotation;
import platform.SecretStore;
import platform.TenantTransactions;

/** {@link SecretRotation} of the SSO client secret (a no-op without a key: nothing can be sealed). */
@Component
class SsoSecretRotation implements SecretRotation {

	private final TenantTransactions transactions;
	private final SsoRepository repository;
	private final SecretStore secrets;

	SsoSecretRotation(TenantTransactions transactions, SsoRepository repository, SecretStore secrets) {
		this.transactions = transactions;
		this.repository = repository;
		this.secrets = secrets;
	}

	@Override
	public int reseal(String tenantId) {
		if (!secrets.configured()) {
			return 0;
		}
		return transactions.inTenant(tenantId, repository::resealSecret) ? 1 : 0;
	}
}
