package provisioning.effects;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.unboundid.ldap.sdk.DN;

import outbox.catalog.GrantRecorded;
import provisioning.ldap.AccountPlan;
import provisioning.settings.Target;

/**
 * The groups an ensure takes the account out of: those the employee's applied ensures of the same
 * account (naming rule) gave that none of their entitlements grants the employee as they are now.
 * So a mover leaves the former department's groups ({@code departmentGroups}) and keeps the fixed
 * ones, and a group another entitlement still grants stays. Groups we never gave are not touched.
 */
final class GroupsLeft {

	private GroupsLeft() {
	}

	/**
	 * @param held the requests of the applied ensures of the employee on the target, in order
	 * @param current the ensure being applied (or planned): its entitlement and the employee now
	 * @param plan {@code current} made concrete
	 */
	static List<DN> of(Target target, List<EffectRequest> held, EffectRequest current, AccountPlan plan) {
		String account = current.entitlement().naming();
		GrantRecorded.Employee now = current.employee();
		Set<DN> given = new LinkedHashSet<>();
		Set<DN> granted = new LinkedHashSet<>(plan.groups());
		for (EffectRequest ensured : held) {
			if (account == null || !account.equals(ensured.entitlement().naming())) {
				continue;
			}
			given.addAll(AccountPlans.plan(target, ensured.entitlement(), ensured.employee()).groups());
			granted.addAll(AccountPlans.plan(target, ensured.entitlement(), now).groups());
		}
		given.removeAll(granted);
		return List.copyOf(given);
	}
}
