package provisioning.effects;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.unboundid.ldap.sdk.DN;

import provisioning.ldap.AccountPlan;
import provisioning.settings.Target;

/**
 * One account (a naming rule) on a target as the employee's applied ensures of it describe it
 * together: at the DN and with the attributes the latest of those that own the account gives it
 * ({@code owner}: its undo deletes or disables; an access package's groups-only grant owns none),
 * for the employee as that one saw them, member of every group any of them grants that employee.
 * An {@code enable} gives the account this (a joiner's account kept disabled until the start date
 * is enabled where a transfer since put it); the undo of a mover's ensure gives it this without
 * the mover's ensure (the former department's OU and groups).
 */
record AccountAsGranted(EffectRequest owner, AccountPlan plan) {

	/** The account {@code ensured} (applied ensures, in order, of any naming rule) describe for {@code naming}; null when none is of it. */
	static AccountAsGranted of(Target target, String naming, List<EffectRequest> ensured) {
		List<EffectRequest> same = ofAccount(naming, ensured);
		if (same.isEmpty()) {
			return null;
		}
		EffectRequest owner = same.get(same.size() - 1);
		for (EffectRequest request : same) {
			if (!request.entitlement().leavesGroupsOnUndo()) {
				owner = request;
			}
		}
		AccountPlan plan = AccountPlans.plan(target, owner.entitlement(), owner.employee());
		Set<DN> groups = new LinkedHashSet<>(plan.groups());
		for (EffectRequest request : same) {
			groups.addAll(AccountPlans.plan(target, request.entitlement(), owner.employee()).groups());
		}
		return new AccountAsGranted(owner, new AccountPlan(plan.dn(), plan.base(), plan.attributes(), List.copyOf(groups)));
	}

	/**
	 * The groups {@code given} (applied ensures of any naming rule, each as granted) gave the
	 * account of {@code naming} that this description does not grant: what taking one of them back
	 * leaves. Groups none of them gave are not touched.
	 */
	List<DN> leftOf(Target target, String naming, List<EffectRequest> given) {
		Set<DN> left = new LinkedHashSet<>();
		for (EffectRequest request : ofAccount(naming, given)) {
			left.addAll(AccountPlans.plan(target, request.entitlement(), request.employee()).groups());
		}
		left.removeAll(plan.groups());
		return List.copyOf(left);
	}

	private static List<EffectRequest> ofAccount(String naming, List<EffectRequest> ensured) {
		return ensured.stream().filter(request -> naming != null && naming.equals(request.entitlement().naming())).toList();
	}
}
