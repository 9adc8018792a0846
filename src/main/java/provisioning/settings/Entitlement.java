package provisioning.settings;

import java.util.List;
import java.util.Map;

/**
 * What grant label {@code grant} means on target {@code target}: ensure the account, named by
 * {@code naming} (an RDN template such as {@code uid={username}} or {@code cn={displayName}}), in
 * an OU named after the department when {@code ouFromDepartment}, with {@code attributes} (LDAP
 * attribute → template; added to the defaults), member of the {@code groups} (DNs) and of the
 * {@code departmentGroups} of the employee's department. Templates name {@code {username}} (the
 * email's local part), {@code {displayName}}, {@code {givenName}}, {@code {surname}}, {@code {email}},
 * {@code {employeeNumber}}, {@code {department}}, {@code {title}}, {@code {manager}}.
 * <p>
 * {@code undo} says what taking the grant back does: {@link #DELETE} (the default) removes the
 * memberships and then the account; {@link #DISABLE} removes the memberships and the password and
 * moves the account under {@code disabledOu} (one RDN under the target's base DN, default
 * {@code ou=disabled}), where it stays for an auditor and a later deletion; {@link #GROUPS} removes
 * the memberships only and leaves the account (a grant that adds groups to an account other grants
 * made, such as an access package's).
 * <p>
 * {@code revokes} makes the grant a revocation (a leaver's {@code access_revocation}): granting it
 * disables, as above, every account that earlier grants ensured for the employee on the target, at
 * the end of the employee's last day (UTC), or at once when that has passed; naming, attributes and
 * groups are then unused. {@code deleteAfterDays} deletes the disabled accounts that many days after
 * the disable applied (post-offboarding); null keeps them.
 * <p>
 * {@code enableOnStartDate} (default false) creates the account disabled when the grant is recorded
 * before the employee's start date (as a revocation leaves it: under {@code disabledOu} without
 * groups or password on OpenLDAP, the {@code ACCOUNTDISABLE} bit of {@code userAccountControl} on
 * Active Directory) and enables it at 00:00 UTC of that date; a grant recorded on or after it
 * creates the account enabled at once. Off by default, so saved entitlements keep their meaning.
 */
public record Entitlement(String grant, String target, String naming, Boolean ouFromDepartment,
		Map<String, String> attributes, List<String> groups, Map<String, List<String>> departmentGroups, String undo,
		String disabledOu, Boolean revokes, Integer deleteAfterDays, Boolean enableOnStartDate) {

	public static final String DELETE = "delete";
	public static final String DISABLE = "disable";
	public static final String GROUPS = "groups";
	public static final String DEFAULT_DISABLED_OU = "ou=disabled";

	public Entitlement {
		attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
		groups = groups == null ? List.of() : List.copyOf(groups);
		departmentGroups = departmentGroups == null ? Map.of() : Map.copyOf(departmentGroups);
	}

	/** An entitlement whose undo deletes the account. */
	public Entitlement(String grant, String target, String naming, Boolean ouFromDepartment,
			Map<String, String> attributes, List<String> groups, Map<String, List<String>> departmentGroups) {
		this(grant, target, naming, ouFromDepartment, attributes, groups, departmentGroups, null, null);
	}

	/** An entitlement that ensures an account (no revocation). */
	public Entitlement(String grant, String target, String naming, Boolean ouFromDepartment,
			Map<String, String> attributes, List<String> groups, Map<String, List<String>> departmentGroups, String undo,
			String disabledOu) {
		this(grant, target, naming, ouFromDepartment, attributes, groups, departmentGroups, undo, disabledOu, null, null,
				null);
	}

	/** Without the start-date option: the account is enabled when its grant applies. */
	public Entitlement(String grant, String target, String naming, Boolean ouFromDepartment,
			Map<String, String> attributes, List<String> groups, Map<String, List<String>> departmentGroups, String undo,
			String disabledOu, Boolean revokes, Integer deleteAfterDays) {
		this(grant, target, naming, ouFromDepartment, attributes, groups, departmentGroups, undo, disabledOu, revokes,
				deleteAfterDays, null);
	}

	/** A revocation on {@code target}: the employee's accounts there are disabled, deleted {@code deleteAfterDays} later when not null. */
	public static Entitlement revocation(String grant, String target, String disabledOu, Integer deleteAfterDays) {
		return new Entitlement(grant, target, null, null, null, null, null, DISABLE, disabledOu, true, deleteAfterDays);
	}

	/** This entitlement with its accounts created disabled until the employee's start date. */
	public Entitlement enabledOnStartDate() {
		return new Entitlement(grant, target, naming, ouFromDepartment, attributes, groups, departmentGroups, undo,
				disabledOu, revokes, deleteAfterDays, true);
	}

	/** This entitlement keeping disabled accounts under {@code disabledOu} (one RDN under the base DN; null: the default). */
	public Entitlement withDisabledOu(String disabledOu) {
		return new Entitlement(grant, target, naming, ouFromDepartment, attributes, groups, departmentGroups, undo,
				disabledOu, revokes, deleteAfterDays, enableOnStartDate);
	}

	/** Whether an account granted before the employee's start date is created disabled and enabled on that date. */
	public boolean enablesOnStartDate() {
		return Boolean.TRUE.equals(enableOnStartDate) && !revoking();
	}

	/** Whether granting this label takes access away (disables the employee's accounts) rather than giving it. */
	public boolean revoking() {
		return Boolean.TRUE.equals(revokes);
	}

	/** Whether taking the grant back removes only its memberships, the account left as it is. */
	public boolean leavesGroupsOnUndo() {
		return GROUPS.equals(undo);
	}

	/** Whether taking the grant back disables the account rather than deleting it. */
	public boolean disablesOnUndo() {
		return DISABLE.equals(undo);
	}

	/** The RDN under the target's base DN that disabled accounts move to. */
	public String disabledOuOrDefault() {
		return disabledOu == null || disabledOu.isBlank() ? DEFAULT_DISABLED_OU : disabledOu;
	}

	/** The groups this entitlement gives an employee of {@code department}. */
	public List<String> groupsFor(String department) {
		List<String> all = new java.util.ArrayList<>(groups);
		if (department != null) {
			all.addAll(departmentGroups.getOrDefault(department, List.of()));
		}
		return all.stream().distinct().toList();
	}
}
