package workflow.provisioning;

import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.Assert;

import outbox.PermanentFailureException;
import outbox.catalog.GrantRecorded;
import platform.TenantTransactions;
import workflow.GrantProvisioning;
import workflow.ProvisioningRequest;
import workflow.Run;
import workflow.store.RunRepository;

/**
 * Hands a recorded grant change to the {@link GrantProvisioning} port: decide, call, record. A
 * short unit of work looks for the change's receipt (a change carried out before is not handed over
 * again) and reads whom it is for; the port is called outside any transaction; a second short unit
 * of work records the receipt. A {@link GrantProvisioning.Refused} is a permanent failure.
 */
@Service
public class GrantProvisioner {

	private static final Logger log = LoggerFactory.getLogger(GrantProvisioner.class);

	private final TenantTransactions transactions;
	private final RunRepository runs;
	private final ProvisioningReceipts receipts;
	private final GrantProvisioning provisioning;

	GrantProvisioner(TenantTransactions transactions, RunRepository runs, ProvisioningReceipts receipts,
			GrantProvisioning provisioning) {
		this.transactions = transactions;
		this.runs = runs;
		this.receipts = receipts;
		this.provisioning = provisioning;
	}

	/** Carries out {@code change} once; {@code idempotencyKey} is its event's. Call outside a transaction. */
	public void provision(String tenantId, GrantRecorded change, String idempotencyKey) {
		Assert.state(!TransactionSynchronizationManager.isActualTransactionActive(),
				"Provisioning calls another system outside any transaction");
		Optional<ProvisioningRequest> request = transactions.readInTenant(tenantId, () -> decide(tenantId, change, idempotencyKey));
		if (request.isEmpty()) {
			log.debug("Grant change {} of tenant {} was provisioned before", idempotencyKey, tenantId);
			return;
		}
		try {
			provisioning.provision(request.get());
		}
		catch (GrantProvisioning.Refused refused) {
			throw new PermanentFailureException(refused.getMessage(), refused);
		}
		transactions.runInTenant(tenantId, () -> receipts.record(request.get()));
	}

	private Optional<ProvisioningRequest> decide(String tenantId, GrantRecorded change, String idempotencyKey) {
		if (receipts.exists(idempotencyKey)) {
			return Optional.empty();
		}
		Run run = runs.find(change.runId())
			.orElseThrow(() -> new PermanentFailureException("run " + change.runId() + " does not exist"));
		return Optional.of(new ProvisioningRequest(tenantId, change.runId(), change.stageId(), change.grant(),
				change.status(), change.employeeId(), run.employeeEmail(), idempotencyKey));
	}
}
