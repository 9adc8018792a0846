package platform;

import java.util.Objects;
import java.util.function.Supplier;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementCallback;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.UnexpectedRollbackException;
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

	private static final String UNIT_OF_WORK = TenantTransactions.class.getName() + ".unitOfWork";

	/**
	 * How a read starts, in one round trip. REPEATABLE READ gives every statement of a read one
	 * snapshot: a page that reads a run, its stages and its actions in three queries must not see
	 * a decision settled but its stage not yet closed. It is set on the transaction, not through
	 * the driver, whose {@code setTransactionIsolation} costs a {@code SET SESSION} round trip
	 * before the read and another after it.
	 *
	 * <p>Reads are planned for their parameters: a generic plan cannot tell a busy approver from an
	 * idle one (the inbox walks the active stages in order for the first and probes the assignee
	 * index for the second) nor prove a partial index's predicate, so on a large tenant a generic
	 * plan is orders of magnitude slower than one planned for the parameters.
	 */
	private static final String BEGIN_READ = """
			SET TRANSACTION ISOLATION LEVEL REPEATABLE READ;
			SELECT set_config('app.tenant_id', ?, true), set_config('plan_cache_mode', 'force_custom_plan', true)""";

	private final TransactionTemplate readWrite;
	private final TransactionTemplate readOnly;
	private final JdbcTemplate jdbc;

	public TenantTransactions(PlatformTransactionManager transactionManager, JdbcTemplate jdbc) {
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

	/**
	 * Runs {@code work} in a new transaction scoped to {@code tenantId} under {@code limits}. It
	 * never joins an enclosing unit of work (the limits would not apply to it).
	 */
	public <T> T inTenant(String tenantId, SessionLimits limits, Supplier<T> work) {
		Assert.notNull(limits, "limits must not be null");
		Assert.state(TransactionSynchronizationManager.getResource(UNIT_OF_WORK) == null,
				"A unit of work with session limits cannot join an enclosing one");
		return execute(readWrite, tenantId, limits, work);
	}

	/** Like {@link #inTenant} in a read-only transaction. */
	public <T> T readInTenant(String tenantId, Supplier<T> work) {
		return execute(readOnly, tenantId, work);
	}

	/** The tenant of the current unit of work; fails outside of one. */
	public String currentTenant() {
		return current().tenantId();
	}

	/**
	 * Marks the current unit of work rollback-only: even if the caller catches the failure and
	 * returns normally, the unit of work rolls back and its outermost caller gets an
	 * {@link UnexpectedRollbackException}. Fails outside a unit of work.
	 */
	public void setRollbackOnly() {
		current().rollbackOnly = true;
	}

	private UnitOfWork current() {
		if (TransactionSynchronizationManager.getResource(UNIT_OF_WORK) instanceof UnitOfWork unitOfWork) {
			return unitOfWork;
		}
		throw new IllegalStateException("No tenant unit of work is active");
	}

	private <T> T execute(TransactionTemplate template, String tenantId, Supplier<T> work) {
		return execute(template, tenantId, null, work);
	}

	private <T> T execute(TransactionTemplate template, String tenantId, SessionLimits limits, Supplier<T> work) {
		Assert.hasText(tenantId, "tenantId must not be blank");
		if (TransactionSynchronizationManager.getResource(UNIT_OF_WORK) instanceof UnitOfWork enclosing) {
			if (!Objects.equals(enclosing.tenantId(), tenantId)) {
				throw new IllegalStateException(
						"A unit of work for tenant " + enclosing.tenantId() + " cannot join tenant " + tenantId);
			}
			return work.get();
		}
		return template.execute(status -> {
			if (template == readOnly) {
				jdbc.execute(BEGIN_READ, (PreparedStatementCallback<Boolean>) statement -> {
					statement.setString(1, tenantId);
					return statement.execute();
				});
			}
			else if (limits == null) {
				jdbc.queryForObject("SELECT set_config('app.tenant_id', ?, true)", String.class, tenantId);
			}
			else {
				// one round trip for the tenant and the limits, all local to this transaction
				jdbc.queryForList("""
						SELECT set_config('app.tenant_id', ?, true), set_config('statement_timeout', ?, true),
						       set_config('idle_in_transaction_session_timeout', ?, true),
						       set_config('synchronous_commit', ?, true)""",
						tenantId, limits.statementTimeout().toMillis() + "ms", limits.idleInTransactionTimeout().toMillis() + "ms",
						limits.synchronousCommit() ? "on" : "off");
			}
			UnitOfWork unitOfWork = new UnitOfWork(tenantId);
			TransactionSynchronizationManager.bindResource(UNIT_OF_WORK, unitOfWork);
			try {
				T result = work.get();
				if (unitOfWork.rollbackOnly) {
					status.setRollbackOnly();
					throw new UnexpectedRollbackException(
							"The unit of work of tenant " + tenantId + " was marked rollback-only and rolled back");
				}
				return result;
			}
			finally {
				TransactionSynchronizationManager.unbindResource(UNIT_OF_WORK);
			}
		});
	}

	/** The tenant of the active unit of work, and whether a participant asked it to roll back. */
	private static final class UnitOfWork {

		private final String tenantId;
		private boolean rollbackOnly;

		UnitOfWork(String tenantId) {
			this.tenantId = tenantId;
		}

		String tenantId() {
			return tenantId;
		}
	}
}
