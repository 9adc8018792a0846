package outbox.catalog;

import java.util.UUID;

/** An HR event about one employee (joiner, mover, leaver): the employee is its aggregate. */
public sealed interface EmployeeEvent extends CatalogEvent
		permits EmployeeHired, EmployeeTransferred, EmployeeOffboarded, EmployeeRunRequested,
		EmployeeOffboardingCancelled, EmployeeUpdated {

	UUID employeeId();

	String displayName();

	@Override
	default UUID aggregateId() {
		return employeeId();
	}

	/** The fields every employee event needs. */
	static void requireEmployee(UUID employeeId, String displayName) {
		Events.required(employeeId, "employeeId");
		Events.requiredText(displayName, "displayName");
	}
}
