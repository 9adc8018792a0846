package platform;

import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@link SecretRotation} of one {@link SealedColumn}: in the tenant's transaction, every secret of the
 * tenant not sealed under the current key is sealed again (a row without one is skipped; a no-op without a key: nothing can be
 * sealed). A module's rotation is this with its column.
 */
public class SealedColumnRotation implements SecretRotation {

	private final SealedColumn column;
	private final TenantTransactions transactions;
	private final JdbcClient jdbc;
	private final SecretStore secrets;

	public SealedColumnRotation(SealedColumn column, TenantTransactions transactions, JdbcClient jdbc,
			SecretStore secrets) {
		this.column = column;
		this.transactions = transactions;
		this.jdbc = jdbc;
		this.secrets = secrets;
	}

	@Override
	public int reseal(String tenantId) {
		if (!secrets.configured()) {
			return 0;
		}
		return transactions.inTenant(tenantId, () -> resealAll(tenantId));
	}

	private int resealAll(String tenantId) {
		List<Stored> stored = jdbc
			.sql("SELECT %s, %s FROM %s WHERE %s = :tenant AND %s IS NOT NULL FOR UPDATE".formatted(column.idColumn(),
					column.secretColumn(), column.table(), column.tenantColumn(), column.secretColumn()))
			.param("tenant", tenantId)
			.query((rs, row) -> new Stored(rs.getString(1), rs.getString(2)))
			.list();
		int changed = 0;
		for (Stored secret : stored) {
			String sealed = secrets.reseal(secret.value());
			if (!sealed.equals(secret.value())) {
				changed += jdbc
					.sql("UPDATE %s SET %s = :sealed WHERE %s = :tenant AND %s = :id".formatted(column.table(),
							column.secretColumn(), column.tenantColumn(), column.idColumn()))
					.param("sealed", sealed)
					.param("tenant", tenantId)
					.param("id", secret.id())
					.update();
			}
		}
		return changed;
	}

	private record Stored(String id, String value) {
	}
}
