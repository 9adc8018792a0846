package provisioning.grants;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.Assert;

import outbox.PermanentFailureException;
import outbox.catalog.GrantRecorded;
import platform.TenantTransactions;
import provisioning.GrantProvisioning;
import provisioning.ProvisioningRequest;
import provisioning.effects.EffectPlanner;

/**
 * Carries out a recorded grant change: as effects when the tenant's entitlements map its grant
 * ({@link EffectPlanner}), otherwise through the {@link GrantProvisioning} port: decide, call, record. A
 * short unit of work looks for the change's receipt (a change carried out before is not handed over
 * again); the port is called outside any transaction; a second short unit of work records the
 * receipt. A {@link GrantProvisioning.Refused} is a permanent failure. The event carries whom the
 * grant is for, so nothing is read back from the workflow.
 */
@Service
class GrantProvisioner {

	private static final Logger log = LoggerFactory.getLogger(GrantProvisioner.class);

	private final TenantTransactions transactions;
	private final ProvisioningReceipts receipts;
	private final GrantProvisioning provisioning;
	private final EffectPlanner planner;

	GrantProvisioner(TenantTransactions transactions, ProvisioningReceipts receipts, GrantProvisioning provisioning,
			EffectPlanner planner) {
		this.transactions = transactions;
		this.planner = planner;
		this.receipts = receipts;
		this.provisioning = provisioning;
	}

	/** Carries out {@code change} once; {@code idempotencyKey} is its event's. Call outside a transaction. */
	void provision(String tenantId, GrantRecorded change, String idempotencyKey) {
		Assert.state(!TransactionSynchronizationManager.isActualTransactionActive(),
				"Provisioning calls another system outside any transaction");
		if (planner.plan(tenantId, change)) {
			// the tenant's entitlements map the grant: its effects carry it out
			return;
		}
		if (transactions.readInTenant(tenantId, () -> receipts.exists(idempotencyKey))) {
			log.debug("Grant change {} of tenant {} was provisioned before", idempotencyKey, tenantId);
			return;
		}
		ProvisioningRequest request = new ProvisioningRequest(tenantId, change.runId(), change.stageId(), change.grant(),
				change.status(), change.employeeId(), change.definition(), change.employee(), idempotencyKey);
		try {
			provisioning.provision(request);
		}
		catch (GrantProvisioning.Refused refused) {
			throw new PermanentFailureException(refused.getMessage(), refused);
		}
		transactions.runInTenant(tenantId, () -> receipts.record(request));
	}
}
