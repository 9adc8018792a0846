package provisioning.effects;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import com.unboundid.ldap.sdk.DN;

import outbox.catalog.GrantRecorded;
import platform.TenantTransactions;
import provisioning.ldap.AccountPlan;
import provisioning.ldap.Connection;
import provisioning.ldap.DirectoryFailure;
import provisioning.ldap.LdapDirectory;
import provisioning.ldap.Preview;
import provisioning.settings.ProvisioningSettings;
import tools.jackson.databind.json.JsonMapper;
import workflow.GrantPlan;
import workflow.GrantPlans;

/**
 * The approver's view of what a grant would change: each grant resolved to its entitlements as an
 * {@code ensure} effect would be, made concrete for the employee ({@link AccountPlans}) and compared
 * with what each target holds now ({@link LdapDirectory#preview}, bounded to about 2 s). A target
 * that cannot be read, or a plan that cannot be made, is a step that says why: the page renders
 * whatever the directories do. An {@code ensure} removes only the groups {@link GroupsLeft} names (a
 * mover's former department's); one that creates the account disabled until the
 * start date, or keeps one an earlier grant keeps disabled until then (a transfer before a joiner's
 * start date: the account is read where it is kept), says the date it is enabled on.
 */
@Component
class DirectoryGrantPlans implements GrantPlans {

	private static final Logger log = LoggerFactory.getLogger(DirectoryGrantPlans.class);

	private final TenantTransactions transactions;
	private final ProvisioningSettings settings;
	private final LdapDirectory directory;
	private final EffectRepository effects;
	private final JsonMapper json;

	private final Clock clock;

	DirectoryGrantPlans(TenantTransactions transactions, ProvisioningSettings settings, LdapDirectory directory,
			EffectRepository effects, JsonMapper json, Clock clock) {
		this.json = json;
		this.transactions = transactions;
		this.settings = settings;
		this.directory = directory;
		this.effects = effects;
		this.clock = clock;
	}

	@Override
	public List<GrantPlan> plan(String tenantId, List<String> grants, UUID employeeId, GrantRecorded.Employee employee) {
		List<GrantPlan> plans = new ArrayList<>();
		for (String grant : grants) {
			List<ProvisioningSettings.Resolved> resolved;
			try {
				resolved = transactions.readInTenant(tenantId, () -> settings.resolve(grant));
			}
			catch (RuntimeException unreadable) {
				// a settings document or a sealed secret that cannot be read: said on the page, kept in the log
				log.warn("The provisioning settings of tenant {} could not be read to plan grant {}", tenantId, grant,
						unreadable);
				plans.add(new GrantPlan(grant, true, List.of(GrantPlan.Step.unreadable(null, null, "ensure",
						"the tenant's provisioning settings could not be read"))));
				continue;
			}
			List<GrantPlan.Step> steps = new ArrayList<>();
			for (ProvisioningSettings.Resolved entitlement : resolved) {
				if (entitlement.entitlement().revoking()) {
					steps.addAll(revocation(tenantId, entitlement, employeeId));
				}
				else {
					steps.add(step(tenantId, entitlement, employeeId, employee));
				}
			}
			plans.add(new GrantPlan(grant, !steps.isEmpty(), steps));
		}
		return plans;
	}

	/**
	 * A revocation disables what the employee holds on the target when it applies (at the end of the
	 * last day): one step per account the receipts know, leaving every group it holds; none held, one
	 * step that says so (nothing will be sent).
	 */
	private List<GrantPlan.Step> revocation(String tenantId, ProvisioningSettings.Resolved resolved, UUID employeeId) {
		String target = resolved.target().key();
		String profile = resolved.target().profile();
		EffectRepository.Lane lane = new EffectRepository.Lane(employeeId, target);
		List<EffectRepository.HeldAccount> held = employeeId == null ? List.of()
				: transactions.readInTenant(tenantId, () -> effects.held(List.of(lane))).getOrDefault(lane, List.of());
		if (held.isEmpty()) {
			return List.of(new GrantPlan.Step(target, profile, "disable", null, null, Map.of(), List.of(), List.of(), false,
					null, List.of(), null));
		}
		return held.stream().map(account -> {
			String ou;
			try {
				ou = AccountPlans.disabled(resolved.target(), resolved.entitlement(), new DN(account.dn())).getParent()
					.toString();
			}
			catch (com.unboundid.ldap.sdk.LDAPException | IllegalArgumentException unparsable) {
				ou = null;
			}
			return new GrantPlan.Step(target, profile, "disable", account.dn(), ou, Map.of(), List.of(), account.groups(),
					true, null, account.groups(), null);
		}).toList();
	}

	/**
	 * What the effects know of the employee's account on a target: the applied ensures' requests,
	 * the enables waiting for their time, whether a grant made (or is to make) the account.
	 */
	private record Lane(List<EffectRequest> ensured, List<EffectRepository.WaitingEnable> waiting, boolean accountMade) {
	}

	private GrantPlan.Step step(String tenantId, ProvisioningSettings.Resolved resolved, UUID employeeId,
			GrantRecorded.Employee employee) {
		String target = resolved.target().key();
		String profile = resolved.target().profile();
		try {
			EffectRequest request = new EffectRequest(AccountPlans.cleaned(employee), resolved.entitlement());
			AccountPlan plan = AccountPlans.plan(resolved.target(), request.entitlement(), request.employee());
			String naming = resolved.entitlement().naming();
			Lane lane = employeeId == null ? null : transactions.readInTenant(tenantId, () -> new Lane(
					effects.appliedEnsures(List.of(new EffectRepository.Lane(employeeId, target))).values().stream()
						.flatMap(List::stream)
						.map(ensured -> json.readValue(ensured.request(), EffectRequest.class))
						.toList(),
					effects.waitingEnables(employeeId, target, naming, null),
					effects.ensuresAccount(employeeId, target, naming, null)));
			List<EffectRequest> held = lane == null ? List.of() : lane.ensured();
			List<DN> leave = GroupsLeft.of(resolved.target(), held, request, plan);
			List<DN> read = new ArrayList<>(plan.groups());
			read.addAll(leave);
			// as the planner would decide if the grant were recorded now
			Instant at = EffectTimes.move(employee == null ? null : employee.effectiveDate(), clock.instant());
			EffectRepository.WaitingEnable waiting = lane == null ? null : lane.waiting().stream().findFirst().orElse(null);
			// kept disabled until after this grant applies (else that enable comes first)
			EffectRepository.WaitingEnable keptUntil = waiting != null && waiting.at().isAfter(at) ? waiting : null;
			// an account an earlier grant keeps disabled until its start date is read where it is kept
			DN readAt = plan.dn();
			if (waiting != null) {
				String disabledOu = json.readValue(waiting.request(), EffectRequest.class).entitlement().disabledOu();
				readAt = AccountPlans.disabled(resolved.target(), resolved.entitlement().withDisabledOu(disabledOu), plan.dn());
			}
			Preview now = directory.preview(new Connection(resolved.target().url(), resolved.target().bindDn(),
					resolved.target().bindPassword(), profile), new AccountPlan(readAt, plan.base(), plan.attributes(), read));
			String foundAt = now.foundAt() == null && now.exists() && !readAt.equals(plan.dn()) ? readAt.toString()
					: now.foundAt();
			Map<String, String> toSet = new LinkedHashMap<>();
			plan.attributes().forEach((name, value) -> {
				if (!value.equals(now.attributes().get(name))) {
					toSet.put(name, value);
				}
			});
			List<String> groupsToAdd = plan.groups().stream().map(DN::toString)
				.filter(group -> !now.groupsHeld().contains(group))
				.toList();
			List<String> groupsToRemove = leave.stream().map(DN::toString).filter(now.groupsHeld()::contains).toList();
			LocalDate enabledOn = keptUntil != null ? keptUntil.at().atZone(ZoneOffset.UTC).toLocalDate()
					: resolved.entitlement().enablesOnStartDate() && employee != null
							&& (lane == null || lane.waiting().isEmpty() && !lane.accountMade())
							&& EffectTimes.enable(employee.startDate(), clock.instant()) != null ? employee.startDate() : null;
			return new GrantPlan.Step(target, profile, "ensure", plan.dn().toString(), plan.dn().getParent().toString(),
					toSet, groupsToAdd, groupsToRemove, now.exists(), foundAt, now.groupsHeld(), null, enabledOn);
		}
		catch (DirectoryFailure failure) {
			return GrantPlan.Step.unreadable(target, profile, "ensure", failure.getMessage());
		}
		catch (IllegalArgumentException invalid) {
			return GrantPlan.Step.unreadable(target, profile, "ensure", "the plan cannot be made: " + invalid.getMessage());
		}
	}
}
