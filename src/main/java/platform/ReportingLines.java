package platform;

import java.util.Optional;

/**
 * Who reports to whom, as HR records it: the port through which a module that may not depend on
 * {@code hr} (the workflow, escalating a stage to a manager's manager) asks for a person's manager.
 * {@code hr} implements it from its employee records. Call inside the tenant's unit of work or
 * outside any.
 */
public interface ReportingLines {

	/**
	 * The manager (a username) HR records for the person whose work email is {@code email} (a user's
	 * own employee record); empty when HR has no such employee, or no manager for them.
	 */
	Optional<String> managerOf(String tenantId, String email);

	/**
	 * The user who acts for the manager HR records as {@code manager} (an employee number, or an
	 * approver's username as before employee numbers): for an employee number, the enabled user
	 * whose email is that employee's work email; for a username, that user. Empty when the manager
	 * has no such user (a stage of the employee's manager then falls back, saying why).
	 */
	Optional<String> userOfManager(String tenantId, String manager);
}
