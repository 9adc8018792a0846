package hr;

import java.util.List;
import java.util.UUID;

/**
 * A port HR declares and the module that provisions directory accounts implements: the
 * employee's accounts per target, read synchronously for the employee page. HR never references
 * that module; it depends on HR's API, so there is no cycle. Without an implementation the
 * employee has no accounts to show.
 */
public interface EmployeeAccounts {

	/** The employee's accounts, one per target, by target key. */
	List<EmployeeAccount> of(String tenantId, UUID employeeId);
}
