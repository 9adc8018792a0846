package hr.sync;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import platform.SealedColumn;
import platform.SealedColumnRotation;
import platform.SecretStore;
import platform.TenantTransactions;

/** Key rotation of the HR source's secret (one per tenant). */
@Component
class SourceSecretRotation extends SealedColumnRotation {

	static final SealedColumn SECRET = new SealedColumn("hr_sources", "tenant_id", "tenant_id", "secret");

	SourceSecretRotation(TenantTransactions transactions, JdbcClient jdbc, SecretStore secrets) {
		super(SECRET, transactions, jdbc, secrets);
	}
}
