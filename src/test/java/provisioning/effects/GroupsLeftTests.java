package provisioning.effects;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.DN;

import outbox.catalog.GrantRecorded;
import provisioning.settings.Entitlement;
import provisioning.settings.Target;

class GroupsLeftTests {

	static final String BASE = "dc=example,dc=com";
	static final String STAFF = "cn=staff,ou=groups," + BASE;
	static final String VPN = "cn=vpn,ou=groups," + BASE;
	static final String LEDGER = "cn=ledger,ou=groups," + BASE;
	static final Target TARGET = new Target("corp", "ldap://127.0.0.1:1", "cn=bind," + BASE, "secret", null, BASE,
			"ou=people", "openldap");
	static final Entitlement ACCOUNTS = new Entitlement("accounts", "corp", "uid={username}", true, Map.of(),
			List.of(STAFF), Map.of("Storage", List.of(VPN), "Finance", List.of(LEDGER)));

	static GrantRecorded.Employee in(String department) {
		return new GrantRecorded.Employee("Milton Waddams", "milton@initech.example", null, department, null, null, null,
				null, null);
	}

	static List<DN> left(List<EffectRequest> held, EffectRequest current) {
		return GroupsLeft.of(TARGET, held, current, AccountPlans.plan(TARGET, current.entitlement(), current.employee()));
	}

	@Test
	void aMoverLeavesTheFormerDepartmentsGroupsAndKeepsTheFixedOnes() throws Exception {
		EffectRequest hired = new EffectRequest(in("Storage"), ACCOUNTS);
		EffectRequest moved = new EffectRequest(in("Finance"), ACCOUNTS);

		assertThat(left(List.of(hired), moved)).containsExactly(new DN(VPN));
	}

	@Test
	void aGroupAnotherEntitlementOfTheSameAccountStillGrantsStays() {
		Entitlement vpnForAll = new Entitlement("remote", "corp", "uid={username}", true, Map.of(), List.of(VPN), Map.of());
		EffectRequest hired = new EffectRequest(in("Storage"), ACCOUNTS);
		EffectRequest remote = new EffectRequest(in("Storage"), vpnForAll);
		EffectRequest moved = new EffectRequest(in("Finance"), ACCOUNTS);

		assertThat(left(List.of(hired, remote), moved)).isEmpty();
	}

	@Test
	void anotherAccountsGroupsAndAFirstGrantAreLeftAlone() {
		Entitlement admin = new Entitlement("admin", "corp", "cn={displayName}", true, Map.of(), List.of(),
				Map.of("Storage", List.of(VPN)));

		assertThat(left(List.of(new EffectRequest(in("Storage"), admin)), new EffectRequest(in("Finance"), ACCOUNTS)))
			.isEmpty();
		assertThat(left(List.of(), new EffectRequest(in("Finance"), ACCOUNTS))).isEmpty();
	}
}
