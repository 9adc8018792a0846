package workflow.handler;

import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.EmployeeOffboardingCancelled;
import platform.AppUser;
import platform.DomainException;
import platform.Role;
import platform.TenantTransactions;
import workflow.Action;
import workflow.ActionKind;
import workflow.ActionRequest;
import workflow.Run;
import workflow.decisions.RunActions;
import workflow.store.RunRepository;

/**
 * {@link EmployeeOffboardingCancelled} → the leaver run is withdrawn, as HR's withdraw of the run
 * by the person who cancelled (same policy, same action row, same signal). External: the withdraw
 * signals the workflow, so it runs outside the event's transaction; the action's idempotency key
 * (one per leaver run) makes a re-delivery find the action it recorded. A run that has already
 * ended stays as it ended (HR hears how from its {@code workflow.run.finished}); a run that does
 * not exist yet (its start event is still on its way) is retried by the outbox.
 */
@Component
class OffboardingCancelledHandler implements OutboxEventHandler<EmployeeOffboardingCancelled> {

	private static final Logger log = LoggerFactory.getLogger(OffboardingCancelledHandler.class);
	static final String COMMENT = "Offboarding cancelled by HR";

	private final TenantTransactions transactions;
	private final RunRepository runs;
	private final RunActions actions;

	OffboardingCancelledHandler(TenantTransactions transactions, RunRepository runs, RunActions actions) {
		this.transactions = transactions;
		this.runs = runs;
		this.actions = actions;
	}

	@Override
	public Class<EmployeeOffboardingCancelled> eventType() {
		return EmployeeOffboardingCancelled.class;
	}

	@Override
	public boolean external() {
		return true;
	}

	@Override
	public void handle(EmployeeOffboardingCancelled cancelled, Delivery delivery) {
		String tenant = delivery.tenantId();
		Run run = transactions.readInTenant(tenant, () -> runs.findBySourceEventKey(cancelled.leaverTriggerKey()))
			.orElseThrow(() -> new IllegalStateException(
					"No leaver run for " + cancelled.leaverTriggerKey() + " yet; the withdraw is retried"));
		if (run.status().finished()) {
			log.info("Offboarding of {} cancelled, but leaver run {} has already ended {}", cancelled.employeeId(),
					run.id(), run.status().value());
			return;
		}
		AppUser hr = new AppUser(cancelled.cancelledBy(), tenant, tenant, cancelled.cancelledBy(), Set.of(Role.HR),
				Set.of(), true, null);
		try {
			Action withdraw = actions.act(hr, run.id(), new ActionRequest(ActionKind.WITHDRAW, null, COMMENT,
					"offboarding-cancelled:" + cancelled.leaverTriggerKey()));
			log.info("Offboarding of {} cancelled by {}: leaver run {} withdrawn (action {})", cancelled.employeeId(),
					cancelled.cancelledBy(), run.id(), withdraw.id());
		}
		catch (DomainException.Conflict e) {
			// the run ended between the read and the withdraw: nothing is left to withdraw
			log.info("Offboarding of {} cancelled; leaver run {} takes no withdraw: {}", cancelled.employeeId(), run.id(),
					e.getMessage());
		}
	}
}
