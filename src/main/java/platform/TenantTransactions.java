package platform;

import java.util.Objects;
import java.util.function.Supplier;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.Assert;

/**
 * The tenant unit of work: the only way modules open a database transaction. It sets
 * {@code app.tenant_id} with {@code SET LOCAL} semantics, so PostgreSQL row-level security
 * limits every statement in the transaction to that tenant.
 */
@Component
public class TenantTransactions {

	private static final String TENANT_RESOURCE = TenantTransactions.class.getName() + ".tenant";

	private final TransactionTemplate readWrite;
	private final TransactionTemplate readOnly;
	private final JdbcClient jdbc;

	public TenantTransactions(PlatformTransactionManager transactionManager, JdbcClient jdbc) {
		this.readWrite = new TransactionTemplate(transactionManager);
		this.readOnly = new TransactionTemplate(transactionManager);
		this.readOnly.setReadOnly(true);
		this.jdbc = jdbc;
	}

	/** Runs {@code work} in a transaction scoped to {@code tenantId}; joins an enclosing one of the same tenant. */
	public <T> T inTenant(String tenantId, Supplier<T> work) {
		return execute(readWrite, tenantId, work);
	}

	public void runInTenant(String tenantId, Runnable work) {
		execute(readWrite, tenantId, () -> {
			work.run();
			return null;
		});
	}

	/** Like {@link #inTenant} in a read-only transaction. */
	public <T> T readInTenant(String tenantId, Supplier<T> work) {
		return execute(readOnly, tenantId, work);
	}

	/** The tenant of the current unit of work; fails outside of one. */
	public String currentTenant() {
		Object tenant = TransactionSynchronizationManager.getResource(TENANT_RESOURCE);
		if (tenant == null) {
			throw new IllegalStateException("No tenant unit of work is active");
		}
		return (String) tenant;
	}

	private <T> T execute(TransactionTemplate template, String tenantId, Supplier<T> work) {
		Assert.hasText(tenantId, "tenantId must not be blank");
		Object enclosing = TransactionSynchronizationManager.getResource(TENANT_RESOURCE);
		if (enclosing != null) {
			if (!Objects.equals(enclosing, tenantId)) {
				throw new IllegalStateException("A unit of work for tenant " + enclosing + " cannot join tenant " + tenantId);
			}
			return work.get();
		}
		return template.execute(status -> {
			jdbc.sql("SELECT set_config('app.tenant_id', :tenant, true)").param("tenant", tenantId).query().singleValue();
			TransactionSynchronizationManager.bindResource(TENANT_RESOURCE, tenantId);
			try {
				return work.get();
			}
			finally {
				TransactionSynchronizationManager.unbindResource(TENANT_RESOURCE);
			}
		});
	}
}
