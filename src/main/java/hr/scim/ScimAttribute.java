package hr.scim;

/** The SCIM attributes this endpoint maps onto an employee (docs/scim.md has the table). */
enum ScimAttribute {
	/** {@code userName}: the employee's work email. */
	USER_NAME,
	/** {@code externalId} and enterprise {@code employeeNumber}: the match key. */
	EMPLOYEE_NUMBER,
	/** {@code displayName}, else {@code name.formatted}. */
	DISPLAY_NAME,
	TITLE,
	/** The {@code locality} of the work address. */
	LOCATION,
	DEPARTMENT,
	/** Enterprise {@code costCenter}. */
	COST_CENTRE,
	/** Enterprise {@code manager.value}: the manager's employee number. */
	MANAGER,
	/** {@code active=false} announces a last day of today when none is set. */
	ACTIVE,
	START_DATE,
	LAST_DAY
}
