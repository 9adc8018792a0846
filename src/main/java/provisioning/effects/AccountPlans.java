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
import provisioning.ldap.LdapDirectory;
import provisioning.settings.Entitlement;
import provisioning.settings.Target;

/**
 * An entitlement and an employee made concrete for a target: the DN from the naming rule (under
 * the department's OU when asked, under the people OU of the base DN), the attributes, the
 * groups. Values are used as given except control characters (NUL among them), which directory
 * strings cannot hold and are dropped; the DN is built from {@link RDN}s, so its escaping is
 * RFC 4514's (on Active Directory every special character is escaped, {@code =} too).
 */
final class AccountPlans {

	/** {@code userAccountControl} of a normal account, enabled; disabling adds the ACCOUNTDISABLE bit (2): 514. */
	static final int NORMAL_ACCOUNT = 512;

	private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-zA-Z]+)\\}");

	private AccountPlans() {
	}

	static AccountPlan plan(Target target, Entitlement entitlement, GrantRecorded.Employee employee) {
		if (employee == null) {
			throw new IllegalArgumentException("The grant carries no employee (an event stored before it did)");
		}
		Map<String, String> values = values(employee);
		boolean activeDirectory = Target.ACTIVE_DIRECTORY.equals(target.profile());
		Map<String, String> attributes = new LinkedHashMap<>();
		put(attributes, "cn", values.get("displayName"));
		put(attributes, "sn", values.get("surname"));
		put(attributes, "givenName", values.get("givenName"));
		put(attributes, "displayName", values.get("displayName"));
		put(attributes, "mail", values.get("email"));
		if (activeDirectory) {
			put(attributes, "sAMAccountName", values.get("username"));
		}
		else {
			put(attributes, "uid", values.get("username"));
		}
		put(attributes, "employeeNumber", values.get("employeeNumber"));
		put(attributes, activeDirectory ? "department" : "departmentNumber", values.get("department"));
		put(attributes, "title", values.get("title"));
		entitlement.attributes().forEach((name, template) -> put(attributes, name, fill(template, values)));
		if (activeDirectory) {
			activeDirectory(attributes, target);
		}
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
				parent = child(rdn("ou", values.get("department"), activeDirectory), parent);
			}
			DN dn = child(rdn(namingAttribute, namingValue, activeDirectory), parent);
			List<DN> groups = entitlement.groupsFor(employee.department()).stream().map(AccountPlans::dn).toList();
			return new AccountPlan(dn, base, attributes, groups);
		}
		catch (LDAPException e) {
			throw new IllegalArgumentException("The target's DNs do not parse: " + e.getExceptionMessage(), e);
		}
	}

	/**
	 * {@code rdn} under {@code parent}, both as escaped as they are: {@code new DN(RDN, DN)} would
	 * escape the RDN again as RFC 4514 does, undoing {@link #rdn}'s escaping for Active Directory.
	 */
	private static DN child(RDN rdn, DN parent) throws LDAPException {
		return new DN(rdn + "," + parent);
	}

	/**
	 * The RDN {@code name=value}. Active Directory's parser (Samba's too) refuses an unescaped
	 * {@code =}, which RFC 4514 lets a value hold: there every special character is escaped.
	 */
	private static RDN rdn(String name, String value, boolean activeDirectory) throws LDAPException {
		if (!activeDirectory) {
			return new RDN(name, value);
		}
		StringBuilder escaped = new StringBuilder(name).append('=');
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (",+\"\\<>;=#".indexOf(c) >= 0 || c == ' ' && (i == 0 || i == value.length() - 1)) {
				escaped.append('\\');
			}
			escaped.append(c);
		}
		// parsed, so the value is the given one and the string the escaped one
		return new RDN(escaped.toString());
	}

	/**
	 * The Active Directory account's own attributes: {@code sAMAccountName} (the pre-Windows 2000
	 * logon name) made of what the name may hold and cut to its 20 characters, a
	 * {@code userPrincipalName} of it at the domain of the base DN (its {@code dc} components), unless
	 * the entitlement maps them; {@code userAccountControl} 512, a normal enabled account.
	 */
	private static void activeDirectory(Map<String, String> attributes, Target target) {
		String account = samAccountName(attributes.get("sAMAccountName"));
		if (account.isEmpty()) {
			throw new IllegalArgumentException("No sAMAccountName can be made from the employee's username");
		}
		attributes.put("sAMAccountName", account);
		if (!attributes.containsKey("userPrincipalName")) {
			String domain = domain(target.baseDn());
			if (domain.isEmpty()) {
				throw new IllegalArgumentException("The base DN " + target.baseDn()
						+ " has no dc= components to make a userPrincipalName from: map userPrincipalName in the entitlement");
			}
			attributes.put("userPrincipalName", account + "@" + domain);
		}
		attributes.put("userAccountControl", String.valueOf(NORMAL_ACCOUNT));
	}

	/** Without the characters a sAMAccountName may not hold (" / \ [ ] : ; | = , + * ? < > @, spaces, controls), at most 20. */
	static String samAccountName(String value) {
		if (value == null) {
			return "";
		}
		String kept = value.replaceAll("[\"/\\\\\\[\\]:;|=,+*?<>@\\s\\p{Cntrl}]", "");
		// nor may it end in a period
		return (kept.length() <= 20 ? kept : kept.substring(0, 20)).replaceAll("\\.+$", "");
	}

	private static String domain(String baseDn) {
		try {
			List<String> labels = new java.util.ArrayList<>();
			for (RDN rdn : new DN(baseDn).getRDNs()) {
				if (rdn.getAttributeNames().length == 1 && "dc".equalsIgnoreCase(rdn.getAttributeNames()[0])) {
					labels.add(rdn.getAttributeValues()[0]);
				}
			}
			return String.join(".", labels);
		}
		catch (LDAPException e) {
			throw new IllegalArgumentException("The target's base DN does not parse: " + e.getExceptionMessage(), e);
		}
	}

	/**
	 * Where {@code account} goes when {@code entitlement} disables it: the same RDN under the disabled
	 * OU of the base DN. An Active Directory account whose entitlement names no disabled OU stays
	 * where it is: its {@code userAccountControl} says it is disabled.
	 */
	static DN disabled(Target target, Entitlement entitlement, DN account) {
		if (Target.ACTIVE_DIRECTORY.equals(target.profile())
				&& (entitlement.disabledOu() == null || entitlement.disabledOu().isBlank())) {
			return account;
		}
		try {
			return child(account.getRDN(), new DN(new RDN(entitlement.disabledOuOrDefault()), new DN(target.baseDn())));
		}
		catch (LDAPException e) {
			throw new IllegalArgumentException("The disabled OU does not parse: " + e.getExceptionMessage(), e);
		}
	}

	/**
	 * {@code plan}'s account as it is created disabled until the employee's start date, the way a
	 * revocation leaves an account: at {@code disabled} (see {@link #disabled}), in no group, without
	 * a password (none is ever set); on Active Directory with the {@code ACCOUNTDISABLE} bit set too.
	 */
	static AccountPlan createdDisabled(Target target, AccountPlan plan, DN disabled) {
		Map<String, String> attributes = new LinkedHashMap<>(plan.attributes());
		if (Target.ACTIVE_DIRECTORY.equals(target.profile())) {
			attributes.put("userAccountControl", String.valueOf(NORMAL_ACCOUNT | LdapDirectory.ACCOUNTDISABLE));
		}
		return new AccountPlan(disabled, plan.base(), attributes, List.of());
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
