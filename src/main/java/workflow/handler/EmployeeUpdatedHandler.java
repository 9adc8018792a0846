package workflow.handler;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.EmployeeUpdated;
import platform.AppUser;
import platform.DomainException;
import platform.TenantTransactions;
import platform.UserDirectory;
import workflow.ActionKind;
import workflow.ActionRequest;
import workflow.Run;
import workflow.RunStatus;
import workflow.Runs;
import workflow.store.RunRepository;

/**
 * {@link EmployeeUpdated} → the employee snapshot of the employee's unfinished runs follows HR's
 * edit; when the edit came from a returned run (edit-and-resubmit in HR's queue), that run is
 * resubmitted as the HR user who edited, after the snapshot, so its stage decides on the new data.
 * External: the resubmit signals the workflow once its action has committed, outside the event's
 * transaction; a re-delivery updates nothing twice (versioned) and finds its resubmit by key.
 */
@Component
class EmployeeUpdatedHandler implements OutboxEventHandler<EmployeeUpdated> {

	static final String RESUBMIT_COMMENT = "Resubmitted after HR edited the employee";

	private static final Logger log = LoggerFactory.getLogger(EmployeeUpdatedHandler.class);

	private final TenantTransactions transactions;
	private final RunRepository runs;
	private final UserDirectory users;
	private final Runs facade;

	EmployeeUpdatedHandler(TenantTransactions transactions, RunRepository runs, UserDirectory users, Runs facade) {
		this.transactions = transactions;
		this.runs = runs;
		this.users = users;
		this.facade = facade;
	}

	@Override
	public Class<EmployeeUpdated> eventType() {
		return EmployeeUpdated.class;
	}

	@Override
	public boolean external() {
		return true;
	}

	@Override
	public void handle(EmployeeUpdated edit, Delivery delivery) {
		String tenant = delivery.tenantId();
		int changed = transactions.inTenant(tenant, () -> runs.updateEmployee(edit.employeeId(), edit.version(),
				edit.displayName(), edit.email(), edit.department(), edit.manager(), edit.title(), edit.startDate(),
				edit.lastDay()));
		log.info("Employee {} edited (version {}): {} open runs updated", edit.employeeId(), edit.version(), changed);
		if (edit.resubmitRunId() != null && edit.requestedBy() != null) {
			resubmit(tenant, edit, delivery);
		}
	}

	private void resubmit(String tenant, EmployeeUpdated edit, Delivery delivery) {
		Run run = transactions.readInTenant(tenant, () -> runs.find(edit.resubmitRunId()).orElse(null));
		if (run == null || !run.employeeId().equals(edit.employeeId())) {
			log.warn("Edit of employee {} names run {}, which is not theirs: not resubmitted", edit.employeeId(),
					edit.resubmitRunId());
			return;
		}
		AppUser editor = transactions.readInTenant(tenant, () -> users.find(edit.requestedBy()))
			.map(user -> new AppUser(user.username(), tenant, tenant, user.displayName(), user.roles(), user.groups(),
					true, null))
			.orElse(null);
		if (editor == null) {
			log.warn("The editor {} of employee {} is gone: run {} not resubmitted", edit.requestedBy(),
					edit.employeeId(), run.id());
			return;
		}
		try {
			// the key makes a re-delivered event find the resubmit it recorded the first time
			facade.act(editor, run.id(), new ActionRequest(ActionKind.RESUBMIT, null, RESUBMIT_COMMENT,
					"employee-edit:" + delivery.eventId()));
		}
		catch (DomainException.Conflict | DomainException.Forbidden e) {
			// the run moved on (resubmitted or withdrawn meanwhile) or the editor lost HR: the edit still stands
			log.warn("Run {} not resubmitted after the edit of employee {}: {} (run {})", run.id(), edit.employeeId(),
					e.getMessage(), run.status() == RunStatus.RETURNED ? "returned" : run.status().value());
		}
	}
}
