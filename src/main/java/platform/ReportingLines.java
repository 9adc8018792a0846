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
	 * The employee HR records for the person whose work email is {@code email}: what a module that
	 * grants a user access (the access requests) needs of them; empty when HR has no such employee
	 * (not gone or cancelled). HR answers it; a stand-in without HR knows nobody.
	 */
	default Optional<Person> person(String tenantId, String email) {
		return Optional.empty();
	}

	/** An employee as the reporting lines know them; {@code manager} (the user acting for their manager), {@code title} may be null. */
	record Person(java.util.UUID employeeId, String displayName, String email, String department, String title,
			String manager) {
	}

	/**
	 * The user who acts for the manager HR records as {@code manager} (an employee number, or an
	 * approver's username as before employee numbers): for an employee number, the enabled user
	 * whose email is that employee's work email; for a username, that user. Empty when the manager
	 * has no such user (a stage of the employee's manager then falls back, saying why).
	 */
	Optional<String> userOfManager(String tenantId, String manager);
}
