package provisioning.effects;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.DN;

import outbox.catalog.GrantRecorded;
import provisioning.settings.Entitlement;
import provisioning.settings.Target;

class AccountAsGrantedTests {

	static final String BASE = "dc=example,dc=com";
	static final String STAFF = "cn=staff,ou=groups," + BASE;
	static final String VPN = "cn=vpn,ou=groups," + BASE;
	static final String LEDGER = "cn=ledger,ou=groups," + BASE;
	static final String WIKI = "cn=wiki,ou=groups," + BASE;
	static final Target TARGET = new Target("corp", "ldap://127.0.0.1:1", "cn=bind," + BASE, "secret", null, BASE,
			"ou=people", "openldap");
	static final Entitlement ACCOUNTS = new Entitlement("accounts", "corp", "uid={username}", true, Map.of(),
			List.of(STAFF), Map.of("Storage", List.of(VPN)));
	static final Entitlement DEPARTMENT = new Entitlement("department_access", "corp", "uid={username}", true, Map.of(),
			List.of(), Map.of("Storage", List.of(VPN), "Finance", List.of(LEDGER)), Entitlement.DISABLE, null);
	/** An access package's grant: groups only, under another OU rule. */
	static final Entitlement PACKAGE = new Entitlement("wiki", "corp", "uid={username}", false, Map.of(), List.of(WIKI),
			Map.of(), Entitlement.GROUPS, null);

	static GrantRecorded.Employee in(String department) {
		return new GrantRecorded.Employee("Milton Waddams", "milton@initech.example", "42", department, null, null, null,
				null, null);
	}

	@Test
	void theAccountIsWhereTheLatestOwningGrantPutsItWithEveryGrantsGroupsForThatEmployee() throws Exception {
		List<EffectRequest> ensured = List.of(new EffectRequest(in("Storage"), ACCOUNTS),
				new EffectRequest(in("Storage"), PACKAGE), new EffectRequest(in("Finance"), DEPARTMENT));

		AccountAsGranted account = AccountAsGranted.of(TARGET, "uid={username}", ensured);

		assertThat(account.owner().entitlement()).isEqualTo(DEPARTMENT);
		assertThat(account.plan().dn()).isEqualTo(new DN("uid=milton,ou=Finance,ou=people," + BASE));
		assertThat(account.plan().attributes()).containsEntry("departmentNumber", "Finance");
		assertThat(account.plan().groups()).containsExactlyInAnyOrder(new DN(LEDGER), new DN(STAFF), new DN(WIKI));
	}

	@Test
	void withoutTheMoversGrantTheFormerDepartmentsOuAndGroupsComeBackAndItsOwnAreLeft() throws Exception {
		EffectRequest hired = new EffectRequest(in("Storage"), ACCOUNTS);
		EffectRequest moved = new EffectRequest(in("Finance"), DEPARTMENT);

		AccountAsGranted before = AccountAsGranted.of(TARGET, "uid={username}", List.of(hired));

		assertThat(before.plan().dn()).isEqualTo(new DN("uid=milton,ou=Storage,ou=people," + BASE));
		assertThat(before.plan().attributes()).containsEntry("departmentNumber", "Storage");
		assertThat(before.plan().groups()).containsExactlyInAnyOrder(new DN(STAFF), new DN(VPN));
		assertThat(before.leftOf(TARGET, "uid={username}", List.of(hired, moved))).containsExactly(new DN(LEDGER));
	}

	@Test
	void anotherAccountsGrantsAreNotPartOfIt() {
		Entitlement admin = new Entitlement("admin", "corp", "cn={displayName}", true, Map.of(), List.of(WIKI), Map.of());
		EffectRequest other = new EffectRequest(in("Storage"), admin);

		assertThat(AccountAsGranted.of(TARGET, "uid={username}", List.of(other))).isNull();
		AccountAsGranted account = AccountAsGranted.of(TARGET, "uid={username}",
				List.of(other, new EffectRequest(in("Storage"), ACCOUNTS)));
		assertThat(account.plan().groups()).doesNotContain(dn(WIKI));
		assertThat(account.leftOf(TARGET, "uid={username}", List.of(other))).isEmpty();
	}

	private static DN dn(String value) {
		try {
			return new DN(value);
		}
		catch (com.unboundid.ldap.sdk.LDAPException invalid) {
			throw new AssertionError(invalid);
		}
	}
}
