package hr.events;

import org.springframework.stereotype.Component;

import hr.EmployeeService;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.AccessRevoked;

/** {@link AccessRevoked} → the leaver's access is gone: the employee has left (or will, once its run completes). */
@Component
class AccessRevokedHandler implements OutboxEventHandler<AccessRevoked> {

	private final EmployeeService employees;

	AccessRevokedHandler(EmployeeService employees) {
		this.employees = employees;
	}

	@Override
	public Class<AccessRevoked> eventType() {
		return AccessRevoked.class;
	}

	@Override
	public void handle(AccessRevoked revoked, Delivery delivery) {
		employees.accessRevoked(delivery.tenantId(), revoked);
	}
}
