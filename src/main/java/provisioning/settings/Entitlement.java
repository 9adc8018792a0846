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
 */
public record Entitlement(String grant, String target, String naming, Boolean ouFromDepartment,
		Map<String, String> attributes, List<String> groups, Map<String, List<String>> departmentGroups) {

	public Entitlement {
		attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
		groups = groups == null ? List.of() : List.copyOf(groups);
		departmentGroups = departmentGroups == null ? Map.of() : Map.copyOf(departmentGroups);
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
