package provisioning.effects;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;

import outbox.catalog.GrantRecorded;
import provisioning.ldap.AccountPlan;
import provisioning.ldap.Connection;
import provisioning.ldap.LdapDirectory;
import provisioning.ldap.Preview;
import provisioning.ldap.Receipt;
import provisioning.settings.Entitlement;
import provisioning.settings.Target;
import provisioning.testing.SambaDc;

/**
 * The Active Directory profile against a real domain controller (Samba's AD DC): accounts are
 * {@code user} objects with a {@code sAMAccountName} of at most 20 characters, a
 * {@code userPrincipalName} and {@code userAccountControl} 512; disabling sets the
 * {@code ACCOUNTDISABLE} bit (514) and removes the memberships, moving the account only when the
 * entitlement names a disabled OU; a transfer renames it and the domain keeps its memberships.
 * Every write is read back into a receipt, and the domain's own {@code memberOf} confirms the
 * groups.
 */
class ActiveDirectoryProfileTests {

	static SambaDc samba;

	static Target target;

	static Connection connection;

	final LdapDirectory directory = new LdapDirectory();

	@BeforeAll
	static void startTheDomainController() throws Exception {
		samba = SambaDc.started();
		target = new Target("ad", samba.url(), SambaDc.ADMIN, SambaDc.PASSWORD, null, SambaDc.BASE, "OU=people",
				Target.ACTIVE_DIRECTORY);
		connection = new Connection(samba.url(), SambaDc.ADMIN, SambaDc.PASSWORD, Target.ACTIVE_DIRECTORY);
	}

	@AfterAll
	static void stopTheDomainController() throws Exception {
		samba.close();
	}

	static Entitlement accounts(String disabledOu) {
		return new Entitlement("accounts", "ad", "cn={displayName}", true, Map.of(), List.of(SambaDc.GROUPS.get(0)),
				Map.of("Engineering", List.of(SambaDc.GROUPS.get(1))), Entitlement.DISABLE, disabledOu);
	}

	static GrantRecorded.Employee employee(String name, String email, String number, String department) {
		return AccountPlans.cleaned(new GrantRecorded.Employee(name, email, number, department, "Engineer", "manny", null,
				null, null));
	}

	@Test
	void anEnsureMakesAnEnabledUserWithItsAccountNamesAndGroupsAndRepeatingItChangesNothing() throws Exception {
		AccountPlan plan = AccountPlans.plan(target, accounts(null),
				employee("Grace Hopper", "grace.hopper.rear.a.admiral@acme.example", "E-1001", "Engineering"));
		DN dn = new DN("CN=Grace Hopper,OU=Engineering,OU=people," + SambaDc.BASE);
		assertThat(plan.dn()).isEqualTo(dn);
		Preview unseen = directory.preview(connection, plan);
		assertThat(unseen.exists()).isFalse();
		assertThat(unseen.groupsHeld()).isEmpty();

		Receipt receipt = directory.ensure(connection, plan);

		assertThat(receipt.before().exists()).isFalse();
		assertThat(receipt.after().exists()).isTrue();
		assertThat(receipt.after().attributes()).containsEntry("sAMAccountName", "grace.hopper.rear.a")
			.containsEntry("userPrincipalName", "grace.hopper.rear.a@test.lan")
			.containsEntry("userAccountControl", "512")
			.containsEntry("department", "Engineering")
			.doesNotContainKeys("uid", "departmentNumber");
		assertThat(receipt.after().groups()).containsExactlyInAnyOrder(SambaDc.GROUPS.get(0), SambaDc.GROUPS.get(1));
		try (LDAPConnection ldap = samba.connect()) {
			Entry entry = ldap.getEntry(dn.toString(), "objectClass", "sAMAccountName", "userAccountControl", "memberOf");
			assertThat(entry.getObjectClassValues()).contains("user");
			assertThat(entry.getAttributeValue("sAMAccountName")).hasSizeLessThanOrEqualTo(20);
			assertThat(entry.getAttributeValueAsInteger("userAccountControl") & LdapDirectory.ACCOUNTDISABLE).isZero();
			assertThat(entry.getAttributeValues("memberOf")).extracting(DN::new)
				.containsExactlyInAnyOrder(new DN(SambaDc.GROUPS.get(0)), new DN(SambaDc.GROUPS.get(1)));
		}
		Preview seen = directory.preview(connection, plan);
		assertThat(seen.exists()).isTrue();
		assertThat(seen.foundAt()).isNull();
		assertThat(seen.groupsHeld()).containsExactlyInAnyOrder(SambaDc.GROUPS.get(0), SambaDc.GROUPS.get(1));

		Receipt again = directory.ensure(connection, plan);
		assertThat(again.before()).isEqualTo(again.after());
		assertThat(again.after()).isEqualTo(receipt.after());

		directory.remove(connection, plan.dn(), plan.groups(), plan.attributes().keySet());
	}

	@Test
	void disablingSetsTheAccountDisableBitAndTakesTheMembershipsAwayWhereTheAccountIs() throws Exception {
		Entitlement inPlace = accounts(null);
		AccountPlan plan = AccountPlans.plan(target, inPlace,
				employee("Dora Disabled", "dora@acme.example", "E-1002", "Engineering"));
		directory.ensure(connection, plan);
		DN disabled = AccountPlans.disabled(target, inPlace, plan.dn());
		assertThat(disabled).isEqualTo(plan.dn());

		Receipt receipt = directory.disable(connection, plan, disabled);

		assertThat(receipt.before().attributes()).containsEntry("userAccountControl", "512");
		assertThat(receipt.after().attributes()).containsEntry("userAccountControl", "514");
		assertThat(receipt.after().groups()).isEmpty();
		assertThat(accountControl(plan.dn()) & LdapDirectory.ACCOUNTDISABLE).isEqualTo(LdapDirectory.ACCOUNTDISABLE);
		assertThat(memberOf(plan.dn())).isEmpty();
		// repeated after a lost receipt: nothing left to do, the same state
		Receipt again = directory.disable(connection, plan, disabled);
		assertThat(again.after()).isEqualTo(receipt.after());

		directory.remove(connection, plan.dn(), plan.groups(), plan.attributes().keySet());
	}

	/** Created disabled until the start date: 514 and no group, in place or under the disabled OU; enabled: 512 with its groups. */
	@Test
	void anAccountCreatedDisabledUntilTheStartDateIsEnabledWithItsGroups() throws Exception {
		for (String disabledOu : new String[] { null, "OU=disabled" }) {
			Entitlement entitlement = accounts(disabledOu).enabledOnStartDate();
			AccountPlan plan = AccountPlans.plan(target, entitlement,
					employee("Nina New" + (disabledOu == null ? "" : " Ou"), "nina" + (disabledOu == null ? "" : "ou")
							+ "@acme.example", "E-20" + (disabledOu == null ? "01" : "02"), "Engineering"));
			DN disabled = AccountPlans.disabled(target, entitlement, plan.dn());

			Receipt created = directory.ensure(connection, AccountPlans.createdDisabled(target, plan, disabled));

			assertThat(new DN(created.dn())).isEqualTo(disabled);
			assertThat(created.after().attributes()).containsEntry("userAccountControl", "514");
			assertThat(accountControl(disabled) & LdapDirectory.ACCOUNTDISABLE).isEqualTo(LdapDirectory.ACCOUNTDISABLE);
			assertThat(memberOf(disabled)).isEmpty();

			Receipt enabled = directory.enable(connection, plan, disabled);

			assertThat(new DN(enabled.dn())).isEqualTo(plan.dn());
			assertThat(enabled.before().attributes()).containsEntry("userAccountControl", "514");
			assertThat(enabled.after().attributes()).containsEntry("userAccountControl", "512");
			assertThat(accountControl(plan.dn()) & LdapDirectory.ACCOUNTDISABLE).isZero();
			assertThat(memberOf(plan.dn())).containsExactlyInAnyOrder(new DN(SambaDc.GROUPS.get(0)),
					new DN(SambaDc.GROUPS.get(1)));
			// repeated after a lost receipt: nothing left to do
			assertThat(directory.enable(connection, plan, disabled).after()).isEqualTo(enabled.after());

			directory.remove(connection, plan.dn(), plan.groups(), plan.attributes().keySet());
		}
	}

	@Test
	void anEntitlementWithADisabledOuAlsoMovesTheDisabledAccountThere() throws Exception {
		Entitlement moving = accounts("OU=disabled");
		AccountPlan plan = AccountPlans.plan(target, moving,
				employee("Milo Mover", "milo@acme.example", "E-1003", "Engineering"));
		directory.ensure(connection, plan);
		DN disabled = AccountPlans.disabled(target, moving, plan.dn());
		assertThat(disabled).isEqualTo(new DN("CN=Milo Mover,OU=disabled," + SambaDc.BASE));

		Receipt receipt = directory.disable(connection, plan, disabled);

		assertThat(new DN(receipt.dn())).isEqualTo(disabled);
		assertThat(receipt.after().attributes()).containsEntry("userAccountControl", "514");
		try (LDAPConnection ldap = samba.connect()) {
			assertThat(ldap.getEntry(plan.dn().toString())).isNull();
			assertThat(ldap.getEntry(disabled.toString())).isNotNull();
		}
		assertThat(memberOf(disabled)).isEmpty();

		Receipt removed = directory.remove(connection, disabled, plan.groups(), plan.attributes().keySet());
		assertThat(removed.after().exists()).isFalse();
	}

	@Test
	void aTransferRenamesTheAccountAndTheDomainKeepsItsMemberships() throws Exception {
		Entitlement entitlement = accounts(null);
		AccountPlan engineering = AccountPlans.plan(target, entitlement,
				employee("Tess Transfer", "tess@acme.example", "E-1004", "Engineering"));
		directory.ensure(connection, engineering);
		AccountPlan sales = AccountPlans.plan(target, entitlement,
				employee("Tess Transfer", "tess@acme.example", "E-1004", "Sales"));
		Preview before = directory.preview(connection, sales);
		assertThat(before.exists()).isTrue();
		assertThat(new DN(before.foundAt())).isEqualTo(engineering.dn());

		Receipt moved = directory.ensure(connection, sales);

		assertThat(new DN(moved.dn())).isEqualTo(new DN("CN=Tess Transfer,OU=Sales,OU=people," + SambaDc.BASE));
		assertThat(moved.after().attributes()).containsEntry("department", "Sales");
		try (LDAPConnection ldap = samba.connect()) {
			assertThat(ldap.getEntry(engineering.dn().toString())).isNull();
		}
		// the engineering group followed the rename: no membership orphaned
		assertThat(memberOf(sales.dn())).containsExactlyInAnyOrder(new DN(SambaDc.GROUPS.get(0)),
				new DN(SambaDc.GROUPS.get(1)));

		Receipt removed = directory.remove(connection, sales.dn(), engineering.groups(), sales.attributes().keySet());
		assertThat(removed.after().exists()).isFalse();
		assertThat(removed.after().groups()).isEmpty();
		assertThat(removed.before().groups()).containsExactlyInAnyOrder(SambaDc.GROUPS.get(0), SambaDc.GROUPS.get(1));
	}

	@Test
	void hostileNamesAreEscapedAndTheAccountNameKeepsOnlyWhatItMayHold() throws Exception {
		String hostile = "Örjan, \"Root\" + =#Admin\u0000 <x>";
		AccountPlan plan = AccountPlans.plan(target, accounts(null),
				employee(hostile, "o+rjan;[x]*admin@acme.example", "E-1005", "Engineering"));
		assertThat(plan.attributes().get("sAMAccountName")).isEqualTo("orjanxadmin");
		assertThat(plan.dn().getRDN().getAttributeValues()[0]).isEqualTo("Örjan, \"Root\" + =#Admin <x>");
		// the domain's parser refuses an unescaped '=', which RFC 4514 allows: the profile escapes it
		assertThat(plan.dn().getRDN().toString()).isEqualTo("cn=Örjan\\, \\\"Root\\\" \\+ \\=\\#Admin \\<x\\>");

		Receipt receipt = directory.ensure(connection, plan);

		assertThat(receipt.after().exists()).isTrue();
		try (LDAPConnection ldap = samba.connect()) {
			Entry entry = ldap.getEntry(plan.dn().toString(), "cn", "sAMAccountName");
			assertThat(entry.getAttributeValue("cn")).isEqualTo("Örjan, \"Root\" + =#Admin <x>");
			assertThat(new DN(entry.getDN()).getParent()).isEqualTo(plan.dn().getParent());
		}
		Receipt removed = directory.remove(connection, plan.dn(), plan.groups(), plan.attributes().keySet());
		assertThat(removed.after().exists()).isFalse();
	}

	private static int accountControl(DN dn) throws Exception {
		try (LDAPConnection ldap = samba.connect()) {
			return ldap.getEntry(dn.toString(), "userAccountControl").getAttributeValueAsInteger("userAccountControl");
		}
	}

	private static List<DN> memberOf(DN dn) throws Exception {
		try (LDAPConnection ldap = samba.connect()) {
			String[] values = ldap.getEntry(dn.toString(), "memberOf").getAttributeValues("memberOf");
			return values == null ? List.of() : java.util.Arrays.stream(values).map(value -> {
				try {
					return new DN(value);
				}
				catch (com.unboundid.ldap.sdk.LDAPException e) {
					throw new IllegalStateException(e);
				}
			}).toList();
		}
	}
}
