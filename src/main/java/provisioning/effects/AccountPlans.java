package provisioning.effects;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.RDN;

import outbox.catalog.GrantRecorded;
import provisioning.ldap.AccountPlan;
import provisioning.settings.Entitlement;
import provisioning.settings.Target;

/**
 * An entitlement and an employee made concrete for a target: the DN from the naming rule (under
 * the department's OU when asked, under the people OU of the base DN), the attributes, the
 * groups. Values are used as given except control characters (NUL among them), which directory
 * strings cannot hold and are dropped; the DN is built from {@link RDN}s, so its escaping is
 * RFC 4514's.
 */
final class AccountPlans {

	private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-zA-Z]+)\\}");

	private AccountPlans() {
	}

	static AccountPlan plan(Target target, Entitlement entitlement, GrantRecorded.Employee employee) {
		if (employee == null) {
			throw new IllegalArgumentException("The grant carries no employee (an event stored before it did)");
		}
		Map<String, String> values = values(employee);
		Map<String, String> attributes = new LinkedHashMap<>();
		put(attributes, "cn", values.get("displayName"));
		put(attributes, "sn", values.get("surname"));
		put(attributes, "givenName", values.get("givenName"));
		put(attributes, "displayName", values.get("displayName"));
		put(attributes, "mail", values.get("email"));
		put(attributes, "uid", values.get("username"));
		put(attributes, "employeeNumber", values.get("employeeNumber"));
		put(attributes, "departmentNumber", values.get("department"));
		put(attributes, "title", values.get("title"));
		entitlement.attributes().forEach((name, template) -> put(attributes, name, fill(template, values)));
		int equals = entitlement.naming().indexOf('=');
		String namingAttribute = entitlement.naming().substring(0, equals);
		String namingValue = fill(entitlement.naming().substring(equals + 1), values);
		if (namingValue.isBlank()) {
			throw new IllegalArgumentException("The naming rule " + entitlement.naming() + " gives an empty name");
		}
		attributes.put(namingAttribute, namingValue);
		try {
			DN base = new DN(target.baseDn());
			DN parent = new DN(new RDN(target.peopleOu()), base);
			if (Boolean.TRUE.equals(entitlement.ouFromDepartment()) && values.get("department") != null) {
				parent = new DN(new RDN("ou", values.get("department")), parent);
			}
			DN dn = new DN(new RDN(namingAttribute, namingValue), parent);
			List<DN> groups = entitlement.groupsFor(employee.department()).stream().map(AccountPlans::dn).toList();
			return new AccountPlan(dn, base, attributes, groups);
		}
		catch (LDAPException e) {
			throw new IllegalArgumentException("The target's DNs do not parse: " + e.getExceptionMessage(), e);
		}
	}

	/** Where {@code account} goes when {@code entitlement} disables it: the same RDN under the disabled OU of the base DN. */
	static DN disabled(Target target, Entitlement entitlement, DN account) {
		try {
			return new DN(account.getRDN(), new DN(new RDN(entitlement.disabledOuOrDefault()), new DN(target.baseDn())));
		}
		catch (LDAPException e) {
			throw new IllegalArgumentException("The disabled OU does not parse: " + e.getExceptionMessage(), e);
		}
	}

	/** The employee without control characters: neither a directory string nor PostgreSQL's jsonb holds NUL. */
	static GrantRecorded.Employee cleaned(GrantRecorded.Employee employee) {
		return employee == null ? null : new GrantRecorded.Employee(clean(employee.displayName()), clean(employee.email()),
				clean(employee.employeeNumber()), clean(employee.department()), clean(employee.title()),
				clean(employee.manager()), employee.startDate(), employee.lastDay(), clean(employee.fromDepartment()),
				employee.effectiveDate());
	}

	private static DN dn(String value) {
		try {
			return new DN(value);
		}
		catch (LDAPException e) {
			throw new IllegalArgumentException("'" + value + "' is not a DN", e);
		}
	}

	private static Map<String, String> values(GrantRecorded.Employee employee) {
		Map<String, String> values = new LinkedHashMap<>();
		String name = clean(employee.displayName());
		values.put("displayName", name);
		if (name != null) {
			int space = name.lastIndexOf(' ');
			values.put("surname", space > 0 ? name.substring(space + 1) : name);
			values.put("givenName", space > 0 ? name.substring(0, space) : null);
		}
		String email = clean(employee.email());
		values.put("email", email);
		values.put("username", email == null ? null : email.substring(0, Math.max(0, email.indexOf('@'))));
		values.put("employeeNumber", clean(employee.employeeNumber()));
		values.put("department", clean(employee.department()));
		values.put("title", clean(employee.title()));
		values.put("manager", clean(employee.manager()));
		return values;
	}

	private static String fill(String template, Map<String, String> values) {
		Matcher matcher = PLACEHOLDER.matcher(template);
		StringBuilder out = new StringBuilder();
		while (matcher.find()) {
			String value = values.get(matcher.group(1));
			matcher.appendReplacement(out, Matcher.quoteReplacement(value == null ? "" : value));
		}
		matcher.appendTail(out);
		return out.toString().strip();
	}

	private static void put(Map<String, String> attributes, String name, String value) {
		if (value != null && !value.isBlank()) {
			attributes.put(name, value);
		}
	}

	private static String clean(String value) {
		if (value == null) {
			return null;
		}
		String cleaned = value.replaceAll("\\p{Cntrl}", "").strip();
		return cleaned.isEmpty() ? null : cleaned;
	}
}
