package provisioning.ldap;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.net.ssl.TrustManagerFactory;

import org.springframework.stereotype.Component;

import com.unboundid.asn1.ASN1OctetString;
import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPConnectionOptions;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.LDAPURL;
import com.unboundid.ldap.sdk.Modification;
import com.unboundid.ldap.sdk.ModificationType;
import com.unboundid.ldap.sdk.RDN;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchRequest;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;
import com.unboundid.ldap.sdk.controls.SimplePagedResultsControl;
import com.unboundid.util.ssl.SSLUtil;
import com.unboundid.util.ssl.HostNameSSLSocketVerifier;

/**
 * The LDAP adapter with ensure-semantics: each operation reads first and writes only what is
 * missing or different, so repeating it after a crash between the write and the receipt changes
 * nothing; then it reads back, and a read-back that disagrees with the plan is a failure. DNs are
 * built from {@link RDN} objects, never by concatenation, so hostile values are escaped as RFC 4514
 * requires. Two profiles ({@link Connection#profile()}): OpenLDAP ({@code inetOrgPerson} accounts,
 * {@code groupOfNames} groups, which must keep a member: removing the last one leaves the bind DN in
 * its place) and Active Directory ({@code user} accounts, {@code group} groups, which may be empty
 * and whose {@code member} values the directory itself follows through a rename; disabled is the
 * {@code ACCOUNTDISABLE} bit of {@code userAccountControl}). Searches are paged (simple paged
 * results), as Active Directory answers at most 1,000 entries per page; membership is read from the
 * account's {@code memberOf} on Active Directory, whose large groups do not return all their
 * members in one read.
 */
@Component
public class LdapDirectory implements AutoCloseable {

	private static final String[] OBJECT_CLASSES = { "top", "person", "organizationalPerson", "inetOrgPerson" };
	private static final String[] AD_OBJECT_CLASSES = { "top", "person", "organizationalPerson", "user" };

	/** The {@code userAccountControl} bit of a disabled Active Directory account. */
	public static final int ACCOUNTDISABLE = 0x2;

	private static final int PAGE_SIZE = 500;

	/** How long the approver's page waits for a directory, to connect and then for each answer. */
	private static final int PREVIEW_TIMEOUT_MILLIS = 2_000;

	/** Effects take pooled connections; the preview and the check open their own, bounded by their own timeouts. */
	private final ConnectionPools pools = new ConnectionPools(new ConnectionPools.Connector() {
		@Override
		public javax.net.SocketFactory socketFactory(LDAPURL url) throws LDAPException {
			return LdapDirectory.socketFactory(url);
		}

		@Override
		public LDAPConnectionOptions options() {
			return LdapDirectory.options(5_000, 15_000);
		}
	});

	/**
	 * What the directory holds of {@code plan}'s account now, read only: the account at the plan's
	 * DN or, when absent there, the one a transfer would move; the managed attributes; the plan's
	 * groups it is in. Bounded: a directory that does not answer within about 2 s is a failure.
	 */
	public Preview preview(Connection connection, AccountPlan plan) {
		try (LDAPConnection ldap = connect(connection, PREVIEW_TIMEOUT_MILLIS, PREVIEW_TIMEOUT_MILLIS)) {
			DN at = plan.dn();
			Receipt.State state = read(ldap, connection, at, plan.attributes().keySet(), plan.groups());
			String foundAt = null;
			if (!state.exists()) {
				DN elsewhere = findElsewhere(ldap, connection, plan);
				if (elsewhere != null) {
					foundAt = elsewhere.toString();
					state = read(ldap, connection, elsewhere, plan.attributes().keySet(), plan.groups());
				}
			}
			return new Preview(state.exists(), foundAt, state.attributes(), state.groups());
		}
		catch (LDAPException failure) {
			throw failure(connection, failure);
		}
	}

	/** Creates the account if absent, sets the managed attributes that differ, adds the missing memberships. */
	public Receipt ensure(Connection connection, AccountPlan plan) {
		return ensure(connection, plan, List.of());
	}

	/**
	 * As {@link #ensure(Connection, AccountPlan)}, and then takes the account out of {@code leave}
	 * (groups it no longer qualifies for, such as a mover's former department's): the read-back must
	 * show it in none of them.
	 */
	public Receipt ensure(Connection connection, AccountPlan plan, List<DN> leave) {
		try (ConnectionPools.Lease lease = pools.lease(connection)) {
			return ensure(lease.connection(), connection, plan, leave);
		}
		catch (LDAPException failure) {
			throw failure(connection, failure);
		}
	}

	/**
	 * Enables the account of {@code plan}, kept disabled at {@code disabled} (created so until the
	 * start date, or disabled by a revocation taken back): moved back to the plan's DN when it is at
	 * {@code disabled}, then ensured as {@link #ensure} does, which sets the plan's attributes (on
	 * Active Directory {@code userAccountControl} 512, the disable bit cleared) and adds its
	 * memberships. An account already enabled changes nothing; one that is nowhere is created. The
	 * receipt's {@code before} is the disabled account as it was.
	 */
	public Receipt enable(Connection connection, AccountPlan plan, DN disabled) {
		try (ConnectionPools.Lease lease = pools.lease(connection)) {
			LDAPConnection ldap = lease.connection();
			if (disabled.equals(plan.dn()) || ldap.getEntry(plan.dn().toString(), "1.1") != null
					|| ldap.getEntry(disabled.toString(), "1.1") == null) {
				return ensure(ldap, connection, plan, List.of());
			}
			Receipt.State before = read(ldap, connection, disabled, plan.attributes().keySet(), plan.groups());
			ensureParents(ldap, plan.dn().getParent(), plan.base());
			// a disabled account is in no group: no member value names its DN, so none needs rewriting
			ldap.modifyDN(disabled.toString(), plan.dn().getRDN().toString(), true, plan.dn().getParent().toString());
			return new Receipt(plan.dn().toString(), before, ensure(ldap, connection, plan, List.of()).after());
		}
		catch (LDAPException failure) {
			throw failure(connection, failure);
		}
	}

	private static Receipt ensure(LDAPConnection ldap, Connection connection, AccountPlan plan, List<DN> leave)
			throws LDAPException {
		List<DN> read = new ArrayList<>(plan.groups());
		leave.stream().filter(group -> !read.contains(group)).forEach(read::add);
		Receipt.State before = read(ldap, connection, plan.dn(), plan.attributes().keySet(), read);
		ensureParents(ldap, plan.dn().getParent(), plan.base());
		DN movedFrom = before.exists() ? null : moveIfElsewhere(ldap, connection, plan);
		if (movedFrom != null) {
			before = read(ldap, connection, plan.dn(), plan.attributes().keySet(), read);
		}
		Receipt.State found = before;
		if (!found.exists()) {
			List<Attribute> attributes = new ArrayList<>();
			attributes.add(new Attribute("objectClass", connection.activeDirectory() ? AD_OBJECT_CLASSES : OBJECT_CLASSES));
			plan.attributes().forEach((name, value) -> attributes.add(new Attribute(name, value)));
			ldap.add(new Entry(plan.dn(), attributes));
		}
		else {
			List<Modification> changes = new ArrayList<>();
			plan.attributes().forEach((name, value) -> {
				if (!value.equals(found.attributes().get(name))) {
					changes.add(new Modification(ModificationType.REPLACE, name, value));
				}
			});
			if (!changes.isEmpty()) {
				ldap.modify(plan.dn().toString(), changes);
			}
		}
		for (DN group : plan.groups()) {
			if (!isMember(ldap, connection, group, plan.dn())) {
				ldap.modify(group.toString(), new Modification(ModificationType.ADD, "member", plan.dn().toString()));
			}
		}
		DN bind = new DN(connection.bindDn());
		for (DN group : leave) {
			leave(ldap, connection, group, plan.dn(), bind);
		}
		Receipt.State after = read(ldap, connection, plan.dn(), plan.attributes().keySet(), read);
		if (!after.exists() || !after.attributes().equals(plan.attributes())
				|| !after.groups().containsAll(plan.groups().stream().map(DN::toString).toList())
				|| leave.stream().map(DN::toString).anyMatch(after.groups()::contains)) {
			throw new DirectoryFailure("The directory read back " + plan.dn() + " differently from what was written: "
					+ after, true, null);
		}
		return new Receipt(plan.dn().toString(), before, after);
	}

	/**
	 * The employee's account when it is elsewhere under the people OU than {@code plan}'s DN (a
	 * transfer to another department OU, a renamed naming value): found by its
	 * {@code employeeNumber}, else its {@code uid} (OpenLDAP) or {@code sAMAccountName} (Active
	 * Directory); null when there is none. Entries under other OUs (a disabled account) are not found.
	 */
	private static DN findElsewhere(LDAPConnection ldap, Connection connection, AccountPlan plan) throws LDAPException {
		String key = plan.attributes().containsKey("employeeNumber") ? "employeeNumber"
				: connection.activeDirectory() ? "sAMAccountName" : "uid";
		String value = plan.attributes().get(key);
		DN people = plan.dn().getParent();
		while (people != null && people.getParent() != null && !people.getParent().equals(plan.base())) {
			people = people.getParent();
		}
		if (value == null || people == null || !people.isDescendantOf(plan.base(), false)
				|| ldap.getEntry(people.toString(), "1.1") == null) {
			return null;
		}
		List<SearchResultEntry> found = search(ldap, people, Filter.createANDFilter(
				Filter.createEqualityFilter("objectClass", connection.activeDirectory() ? "user" : "inetOrgPerson"),
				Filter.createEqualityFilter(key, value)));
		if (found.size() > 1) {
			throw new DirectoryFailure("More than one account under " + people + " has " + key + "=" + value
					+ ": which one to move to " + plan.dn() + " is not clear", false, null);
		}
		return found.isEmpty() ? null : new DN(found.get(0).getDN());
	}

	/**
	 * Moves the employee's account to {@code plan}'s DN when {@link #findElsewhere} finds it, with
	 * modify DN. Active Directory follows the rename in every group's {@code member} itself. On
	 * OpenLDAP (without the refint overlay) every {@code groupOfNames} under the base whose
	 * {@code member} still names the old DN is rewritten to the new one, so no membership is
	 * orphaned: the new value is added before the rename and the old one removed after it (a crash
	 * right after the rename leaves a stale value naming no entry, never a lost membership). Returns
	 * the old DN, or null when there was nothing to move.
	 */
	private static DN moveIfElsewhere(LDAPConnection ldap, Connection connection, AccountPlan plan) throws LDAPException {
		DN from = findElsewhere(ldap, connection, plan);
		if (from == null) {
			return null;
		}
		if (connection.activeDirectory()) {
			ldap.modifyDN(from.toString(), plan.dn().getRDN().toString(), true, plan.dn().getParent().toString());
			return from;
		}
		List<DN> groups = new ArrayList<>();
		for (SearchResultEntry group : search(ldap, plan.base(), Filter.createANDFilter(
				Filter.createEqualityFilter("objectClass", "groupOfNames"),
				Filter.createEqualityFilter("member", from.toString())))) {
			groups.add(new DN(group.getDN()));
		}
		// the new DN joins first, so a crash midway never leaves the account out of a group it was in
		for (DN group : groups) {
			if (storedMember(ldap, group, plan.dn()) == null) {
				ldap.modify(group.toString(), new Modification(ModificationType.ADD, "member", plan.dn().toString()));
			}
		}
		ldap.modifyDN(from.toString(), plan.dn().getRDN().toString(), true, plan.dn().getParent().toString());
		for (DN group : groups) {
			String stored = storedMember(ldap, group, from);
			if (stored != null) {
				ldap.modify(group.toString(), new Modification(ModificationType.DELETE, "member", stored));
			}
		}
		return from;
	}

	/** Every entry under {@code base} matching {@code filter} (DNs only), asked page by page. */
	private static List<SearchResultEntry> search(LDAPConnection ldap, DN base, Filter filter) throws LDAPException {
		List<SearchResultEntry> entries = new ArrayList<>();
		ASN1OctetString cookie = null;
		do {
			SearchRequest request = new SearchRequest(base.toString(), SearchScope.SUB, filter, "1.1");
			request.addControl(new SimplePagedResultsControl(PAGE_SIZE, cookie));
			SearchResult result = ldap.search(request);
			entries.addAll(result.getSearchEntries());
			SimplePagedResultsControl page = SimplePagedResultsControl.get(result);
			cookie = page == null || !page.moreResultsToReturn() ? null : page.getCookie();
		}
		while (cookie != null);
		return entries;
	}

	/**
	 * Removes the account's memberships of {@code groups} and leaves the account as it is: taking
	 * back a grant that only gave groups to an account other grants made (an access package).
	 */
	public Receipt leaveGroups(Connection connection, DN dn, List<DN> groups, java.util.Set<String> attributes) {
		try (ConnectionPools.Lease lease = pools.lease(connection)) {
			LDAPConnection ldap = lease.connection();
			Receipt.State before = read(ldap, connection, dn, attributes, groups);
			DN bind = new DN(connection.bindDn());
			for (DN group : groups) {
				leave(ldap, connection, group, dn, bind);
			}
			Receipt.State after = read(ldap, connection, dn, attributes, groups);
			if (!after.groups().isEmpty()) {
				throw new DirectoryFailure("The directory still shows " + dn + " in " + after.groups() + " after leaving them",
						true, null);
			}
			return new Receipt(dn.toString(), before, after);
		}
		catch (LDAPException failure) {
			throw failure(connection, failure);
		}
	}

	/** Removes the memberships and then the account, whichever of them is still there. */
	public Receipt remove(Connection connection, DN dn, List<DN> groups, java.util.Set<String> attributes) {
		try (ConnectionPools.Lease lease = pools.lease(connection)) {
			LDAPConnection ldap = lease.connection();
			Receipt.State before = read(ldap, connection, dn, attributes, groups);
			DN bind = new DN(connection.bindDn());
			for (DN group : groups) {
				leave(ldap, connection, group, dn, bind);
			}
			if (before.exists()) {
				ldap.delete(dn.toString());
			}
			Receipt.State after = read(ldap, connection, dn, attributes, groups);
			if (after.exists() || !after.groups().isEmpty()) {
				throw new DirectoryFailure("The directory still shows " + dn + " after its removal: " + after, true, null);
			}
			return new Receipt(dn.toString(), before, after);
		}
		catch (LDAPException failure) {
			throw failure(connection, failure);
		}
	}

	/**
	 * Disables the account of {@code plan}. OpenLDAP: removes its memberships, then its password,
	 * then moves it to {@code disabled} (its parent OUs created when missing). OpenLDAP has no
	 * account-disabled flag without the ppolicy overlay, so this is what works on any OpenLDAP: no
	 * group grants anything, no password binds, and searches of the people OU no longer find it; the
	 * entry stays for an auditor and a later deletion. Memberships go before the move, so no
	 * {@code member} value is left naming a DN that no longer exists. Active Directory: removes its
	 * memberships and sets the {@code ACCOUNTDISABLE} bit of {@code userAccountControl} (512 becomes
	 * 514), then moves it to {@code disabled} unless that is where it is (the entitlement named no
	 * disabled OU). Each step is skipped when already done, so a repeat after a crash goes on where
	 * it stopped. The receipt's DN is where the account is now.
	 */
	public Receipt disable(Connection connection, AccountPlan plan, DN disabled) {
		// the password's presence is checked, its value never read into a receipt
		java.util.Set<String> names = plan.attributes().keySet();
		try (ConnectionPools.Lease lease = pools.lease(connection)) {
			LDAPConnection ldap = lease.connection();
			Receipt.State before = read(ldap, connection, plan.dn(), names, plan.groups());
			DN at = before.exists() ? plan.dn() : disabled;
			DN bind = new DN(connection.bindDn());
			for (DN group : plan.groups()) {
				// the read before says which groups still have it (OpenLDAP keeps a member naming an absent entry too)
				if (connection.activeDirectory() || before.groups().contains(group.toString())) {
					leave(ldap, connection, group, plan.dn(), bind);
				}
			}
			if (connection.activeDirectory()) {
				Integer control = accountControl(ldap, at);
				if (control != null && (control & ACCOUNTDISABLE) == 0) {
					ldap.modify(at.toString(), new Modification(ModificationType.REPLACE, "userAccountControl",
							String.valueOf(control | ACCOUNTDISABLE)));
				}
			}
			else {
				deleteValues(ldap, at, "userPassword");
			}
			boolean moves = !disabled.equals(plan.dn());
			if (before.exists() && moves) {
				moveUnder(ldap, plan.dn(), disabled, plan.base());
			}
			// one read gives the state after and, on OpenLDAP, whether a password is left (its value never goes in a receipt)
			Entry read = ldap.getEntry(disabled.toString(), connection.activeDirectory() ? names.toArray(String[]::new)
					: java.util.stream.Stream.concat(names.stream(), java.util.stream.Stream.of("userPassword"))
						.toArray(String[]::new));
			Receipt.State after = state(ldap, connection, disabled, read, names, plan.groups());
			boolean stillActive = moves && ldap.getEntry(plan.dn().toString(), "1.1") != null;
			boolean usable = connection.activeDirectory() ? after.exists() && !disabledControl(ldap, disabled)
					: read != null && read.hasAttribute("userPassword");
			if (before.exists() && !after.exists() || stillActive || !after.groups().isEmpty() || usable) {
				throw new DirectoryFailure("The directory read back " + disabled + " differently from a disabled account: "
						+ after + (stillActive ? " (still at " + plan.dn() + ")" : ""), true, null);
			}
			return new Receipt(disabled.toString(), before, after);
		}
		catch (LDAPException failure) {
			throw failure(connection, failure);
		}
	}

	/** Deletes every value of {@code attribute} of {@code dn}, without reading first: none left is fine. */
	private static void deleteValues(LDAPConnection ldap, DN dn, String attribute) throws LDAPException {
		try {
			ldap.modify(dn.toString(), new Modification(ModificationType.DELETE, attribute));
		}
		catch (LDAPException absent) {
			if (absent.getResultCode() != ResultCode.NO_SUCH_ATTRIBUTE) {
				throw absent;
			}
		}
	}

	/**
	 * Moves {@code from} to {@code to}, making {@code to}'s parent OUs only when the directory says
	 * one is missing: a wave of moves under one OU reads nothing before each.
	 */
	private static void moveUnder(LDAPConnection ldap, DN from, DN to, DN base) throws LDAPException {
		try {
			ldap.modifyDN(from.toString(), to.getRDN().toString(), true, to.getParent().toString());
		}
		catch (LDAPException missing) {
			// Samba's domain controller says a missing parent with "other" (80), OpenLDAP with "no such object"
			if (missing.getResultCode() != ResultCode.NO_SUCH_OBJECT && missing.getResultCode() != ResultCode.OTHER) {
				throw missing;
			}
			ensureParents(ldap, to.getParent(), base);
			ldap.modifyDN(from.toString(), to.getRDN().toString(), true, to.getParent().toString());
		}
	}

	/** The {@code userAccountControl} of the account at {@code dn}, null when it is absent. */
	private static Integer accountControl(LDAPConnection ldap, DN dn) throws LDAPException {
		Entry entry = ldap.getEntry(dn.toString(), "userAccountControl");
		return entry == null ? null : entry.getAttributeValueAsInteger("userAccountControl");
	}

	private static boolean disabledControl(LDAPConnection ldap, DN dn) throws LDAPException {
		Integer control = accountControl(ldap, dn);
		return control != null && (control & ACCOUNTDISABLE) != 0;
	}

	/**
	 * Removes {@code dn} from {@code group} if it is a member; a {@code groupOfNames} left empty
	 * keeps {@code bind} instead (an Active Directory group may be empty).
	 */
	private static void leave(LDAPConnection ldap, Connection connection, DN group, DN dn, DN bind) throws LDAPException {
		if (connection.activeDirectory()) {
			if (isMember(ldap, connection, group, dn)) {
				ldap.modify(group.toString(), new Modification(ModificationType.DELETE, "member", dn.toString()));
			}
			return;
		}
		// deleted by its DN, which the directory matches as a DN (any equivalent form), without reading the group:
		// most groups a revocation leaves are large
		try {
			ldap.modify(group.toString(), new Modification(ModificationType.DELETE, "member", dn.toString()));
		}
		catch (LDAPException refused) {
			if (refused.getResultCode() == ResultCode.NO_SUCH_ATTRIBUTE) {
				return;
			}
			if (refused.getResultCode() != ResultCode.OBJECT_CLASS_VIOLATION) {
				throw refused;
			}
			// it was the last member, which a groupOfNames must keep: the bind DN takes its place
			ldap.modify(group.toString(), new Modification(ModificationType.ADD, "member", bind.toString()),
					new Modification(ModificationType.DELETE, "member", dn.toString()));
		}
	}

	/** Answers whether the directory takes the connection's bind; throws the failure otherwise. */
	public void check(Connection connection) {
		try (LDAPConnection ldap = connect(connection)) {
			ldap.getRootDSE();
		}
		catch (LDAPException failure) {
			throw failure(connection, failure);
		}
	}

	private static LDAPConnection connect(Connection connection) throws LDAPException {
		return connect(connection, 5_000, 15_000);
	}

	private static LDAPConnection connect(Connection connection, int connectMillis, int responseMillis)
			throws LDAPException {
		LDAPURL url = new LDAPURL(connection.url());
		LDAPConnection ldap = new LDAPConnection(socketFactory(url), options(connectMillis, responseMillis));
		try {
			ldap.connect(url.getHost(), url.getPort());
			ldap.bind(connection.bindDn(), connection.bindPassword());
			return ldap;
		}
		catch (LDAPException failure) {
			ldap.close();
			throw failure;
		}
	}

	private static LDAPConnectionOptions options(int connectMillis, int responseMillis) {
		LDAPConnectionOptions options = new LDAPConnectionOptions();
		options.setConnectTimeoutMillis(connectMillis);
		options.setResponseTimeoutMillis(responseMillis);
		// the certificate must name the host (only TLS sockets are verified)
		options.setSSLSocketVerifier(new HostNameSSLSocketVerifier(true));
		return options;
	}

	/**
	 * Plain sockets for ldap, TLS for ldaps with the JVM's trust store (javax.net.ssl.trustStore
	 * when set, else the JDK's cacerts): a directory's own CA goes into that store.
	 */
	private static javax.net.SocketFactory socketFactory(LDAPURL url) throws LDAPException {
		if (!"ldaps".equalsIgnoreCase(url.getScheme())) {
			return javax.net.SocketFactory.getDefault();
		}
		try {
			TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			trust.init((KeyStore) null);
			return new SSLUtil(trust.getTrustManagers()).createSSLSocketFactory();
		}
		catch (GeneralSecurityException e) {
			throw new LDAPException(ResultCode.LOCAL_ERROR, "TLS is not available: " + e.getMessage(), e);
		}
	}

	/** Closes the pooled connections (the application stops). */
	@Override
	public void close() {
		pools.close();
	}

	private static void ensureParents(LDAPConnection ldap, DN parent, DN base) throws LDAPException {
		if (parent == null || parent.equals(base) || !parent.isDescendantOf(base, false)) {
			return;
		}
		ensureParents(ldap, parent.getParent(), base);
		if (ldap.getEntry(parent.toString(), "1.1") == null) {
			RDN rdn = parent.getRDN();
			Entry ou = new Entry(parent, new Attribute("objectClass", "top", "organizationalUnit"),
					new Attribute(rdn.getAttributeNames()[0], rdn.getAttributeValues()[0]));
			try {
				ldap.add(ou);
			}
			catch (LDAPException raced) {
				if (raced.getResultCode() != ResultCode.ENTRY_ALREADY_EXISTS) {
					throw raced;
				}
			}
		}
	}

	private static Receipt.State read(LDAPConnection ldap, Connection connection, DN dn, java.util.Set<String> names,
			List<DN> groups) throws LDAPException {
		return state(ldap, connection, dn, ldap.getEntry(dn.toString(), names.toArray(String[]::new)), names, groups);
	}

	/** The state of {@code dn} read as {@code entry} (null: absent): its {@code names} and the {@code groups} it is in. */
	private static Receipt.State state(LDAPConnection ldap, Connection connection, DN dn, Entry entry,
			java.util.Set<String> names, List<DN> groups) throws LDAPException {
		Map<String, String> attributes = new LinkedHashMap<>();
		if (entry != null) {
			for (String name : names) {
				String value = entry.getAttributeValue(name);
				if (value != null) {
					attributes.put(name, value);
				}
			}
		}
		List<String> in = new ArrayList<>();
		for (DN group : groups) {
			// OpenLDAP may keep a member value naming an absent entry (a crash mid-move); Active Directory never does
			if (connection.activeDirectory() ? entry != null && isMember(ldap, connection, group, dn)
					: isMember(ldap, connection, group, dn)) {
				in.add(group.toString());
			}
		}
		return new Receipt.State(entry != null, attributes, in);
	}

	/**
	 * Whether {@code dn} is a member of {@code group}: on Active Directory as the account's
	 * {@code memberOf} says (the domain keeps it; a large group returns its members in ranges, not in
	 * one read, and Samba's compare cannot take a DN with escapes), on OpenLDAP as the group's
	 * member values say.
	 */
	private static boolean isMember(LDAPConnection ldap, Connection connection, DN group, DN dn) throws LDAPException {
		if (!connection.activeDirectory()) {
			// a compare, not a read of every member: a group of thousands stays one small answer
			return ldap.compare(group.toString(), "member", dn.toString()).compareMatched();
		}
		if (ldap.getEntry(group.toString(), "1.1") == null) {
			throw new LDAPException(ResultCode.NO_SUCH_OBJECT, "The group " + group + " does not exist");
		}
		Entry account = ldap.getEntry(dn.toString(), "memberOf");
		String[] values = account == null ? null : account.getAttributeValues("memberOf");
		for (String value : values == null ? new String[0] : values) {
			if (new DN(value).equals(group)) {
				return true;
			}
		}
		return false;
	}

	/** The member value of {@code group} that names {@code dn} as stored (DNs compare normalised). */
	private static String storedMember(LDAPConnection ldap, DN group, DN dn) throws LDAPException {
		Entry entry = ldap.getEntry(group.toString(), "member");
		String[] values = entry == null || entry.getAttributeValues("member") == null ? new String[0]
				: entry.getAttributeValues("member");
		return stored(List.of(values), dn);
	}

	private static String stored(List<String> values, DN dn) throws LDAPException {
		// the value as this adapter wrote it is found without parsing each member's DN (thousands in a large group)
		String written = dn.toString();
		for (String value : values) {
			if (value.equalsIgnoreCase(written)) {
				return value;
			}
		}
		for (String value : values) {
			if (new DN(value).equals(dn)) {
				return value;
			}
		}
		return null;
	}

	/** What went wrong in words: the message and the server's diagnostic, without the SDK's dump of the exception. */
	private static String reason(LDAPException failure) {
		String message = failure.getMessage();
		String diagnostic = failure.getDiagnosticMessage();
		if (diagnostic == null || diagnostic.isBlank() || message != null && message.contains(diagnostic)) {
			return message;
		}
		return message == null || message.isBlank() ? diagnostic : message + " (" + diagnostic + ")";
	}

	private static DirectoryFailure failure(Connection connection, LDAPException failure) {
		ResultCode code = failure.getResultCode();
		boolean retryable = code.isConnectionUsable() ? code == ResultCode.BUSY || code == ResultCode.UNAVAILABLE
				|| code == ResultCode.TIME_LIMIT_EXCEEDED || code == ResultCode.OTHER : true;
		String message = code == ResultCode.INVALID_CREDENTIALS
				? "The directory " + connection.url() + " refused the bind of " + connection.bindDn()
						+ " (invalid credentials): correct the target's bind password"
				: "The directory " + connection.url() + " answered " + code + ": " + reason(failure);
		return new DirectoryFailure(message, retryable, null);
	}
}
