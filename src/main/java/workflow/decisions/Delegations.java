package workflow.decisions;

import java.time.Clock;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.stereotype.Service;
import org.springframework.util.StringUtils;

import platform.AppUser;
import platform.DomainException;
import platform.PlatformAudit;
import platform.Role;
import platform.TenantTransactions;
import platform.UserDirectory;
import platform.UserDirectory.DirectoryUser;
import workflow.Delegation;
import workflow.Run;
import workflow.Stage;
import workflow.StageStatus;
import workflow.attention.ApproverChanges;
import workflow.assignees.AssigneeResolver;
import workflow.store.DelegationRepository;
import workflow.store.RunRepository;
import workflow.store.StageRepository;

/**
 * An approver's out-of-office delegation ({@code PUT|GET|DELETE /v1/me/delegation}, the console's
 * My delegation page). The delegate is an enabled APPROVER of the same tenant, not the approver,
 * and not away (or someone's delegate) in the same range themselves: delegation is one hop.
 * While the range includes today, the activation of a stage gives the approver's assignment to
 * the delegate; setting a delegation whose range includes today also moves the approver's open
 * assignments (those they have not decided) at once. Once the range is over, or the delegation is
 * removed, the delegate keeps what they hold and new assignments go to the approver again (as
 * mature products do: work in hand is not yanked back). A delegate who may not hold an
 * assignment (separation of duties, or already on the stage) leaves it with the approver. Every
 * change is audited.
 */
@Service
public class Delegations implements platform.ApproverDelegations {

	/** A delegation covers at most this many days and starts at most this many days ahead. */
	static final int MAX_DAYS = 366;

	private final TenantTransactions transactions;
	private final DelegationRepository delegations;
	private final StageRepository stages;
	private final RunRepository runs;
	private final AssigneeResolver assignees;
	private final UserDirectory directory;
	private final PlatformAudit audit;
	private final ApproverChanges approvers;
	private final Clock clock;

	Delegations(TenantTransactions transactions, DelegationRepository delegations, StageRepository stages, RunRepository runs,
			AssigneeResolver assignees, UserDirectory directory, PlatformAudit audit, ApproverChanges approvers, Clock clock) {
		this.transactions = transactions;
		this.approvers = approvers;
		this.delegations = delegations;
		this.stages = stages;
		this.runs = runs;
		this.assignees = assignees;
		this.directory = directory;
		this.audit = audit;
		this.clock = clock;
	}

	/** A delegation as set, whether it routes assignments today, and how many open ones it moved when set. */
	public record DelegationState(Delegation delegation, boolean active, int movedAssignments) {
	}

	public Optional<DelegationState> current(AppUser owner) {
		LocalDate today = LocalDate.now(clock);
		return transactions.readInTenant(owner.tenantId(),
				() -> delegations.find(owner.getUsername()).map(d -> new DelegationState(d, d.activeOn(today), 0)));
	}

	/**
	 * Sets (or replaces) the owner's delegation; refusals name the field they are about.
	 *
	 * @throws DomainException.InvalidInput missing fields, a range that ends before it starts or in the past, or is too long
	 * @throws DomainException.Conflict the delegate is the owner, unknown, not an approver, or makes a chain
	 */
	public DelegationState set(AppUser owner, String delegate, LocalDate from, LocalDate until) {
		LocalDate today = LocalDate.now(clock);
		String to = validated(delegate, from, until, today);
		return transactions.inTenant(owner.tenantId(), () -> {
			String me = owner.getUsername();
			if (directory.find(me).isEmpty()) {
				throw new DomainException.Forbidden("Only a user of the organisation can set a delegation.");
			}
			if (to.equals(me)) {
				throw new DomainException.Conflict("You cannot delegate to yourself: choose who decides while you are away.",
						"self-delegation");
			}
			DirectoryUser user = directory.find(to)
				.orElseThrow(() -> new DomainException.Conflict("There is no active user '" + to + "' in your organisation.",
						"unknown-delegate"));
			if (!user.hasRole(Role.APPROVER)) {
				throw new DomainException.Conflict(to + " is not an approver and could not decide your assignments.",
						"delegate-not-approver");
			}
			delegations.chainWith(me, to, from, until).ifPresent(chain -> {
				throw new DomainException.Conflict("Delegation is one step: " + chain + " in that time.", "delegation-chain");
			});
			Optional<Delegation> before = delegations.find(me);
			delegations.put(me, to, from, until);
			Delegation after = delegations.find(me).orElseThrow();
			boolean active = after.activeOn(today);
			List<String> moved = active ? moveOpenAssignments(me, to) : List.of();
			Map<String, Object> detail = new LinkedHashMap<>();
			detail.put("subject", me);
			detail.put("before", before.map(Delegations::summary).orElse(null));
			detail.put("after", summary(after));
			detail.put("movedStages", moved);
			audit.record(me, "delegation.set", detail);
			// a stage blocked for lack of approvers may count the delegate now
			approvers.announce("delegation of " + me + " to " + to);
			return new DelegationState(after, active, moved.size());
		});
	}

	/** Removes the owner's delegation; what the delegate holds stays with them. False when there was none. */
	public boolean clear(AppUser owner) {
		return transactions.inTenant(owner.tenantId(), () -> {
			Optional<Delegation> before = delegations.find(owner.getUsername());
			if (before.isEmpty()) {
				return false;
			}
			delegations.delete(owner.getUsername());
			Map<String, Object> detail = new LinkedHashMap<>();
			detail.put("subject", owner.getUsername());
			detail.put("before", summary(before.get()));
			detail.put("after", null);
			audit.record(owner.getUsername(), "delegation.removed", detail);
			// what the delegate holds stays with them; a stage they can no longer decide shows blocked
			approvers.announce("delegation of " + owner.getUsername() + " removed");
			return true;
		});
	}

	/**
	 * Where {@code delegate} would decide stages the owner may decide but they may not on their
	 * own: each group of the owner the delegate is not in ("managers" standing for the manager
	 * approvals), as a sentence; empty when the delegate is eligible for all of them or unknown.
	 */
	public List<String> eligibilityWarnings(AppUser owner, String delegate) {
		if (!StringUtils.hasText(delegate)) {
			return List.of();
		}
		String to = delegate.strip();
		return transactions.readInTenant(owner.tenantId(), () -> {
			Optional<DirectoryUser> me = directory.find(owner.getUsername());
			Optional<DirectoryUser> them = directory.find(to);
			if (me.isEmpty() || them.isEmpty()) {
				return List.<String>of();
			}
			return me.get().groups().stream()
				.filter(group -> !them.get().groups().contains(group))
				.sorted()
				.map(group -> MANAGERS.equals(group)
						? to + " is not a manager (group managers): they would decide manager approvals without being one."
						: to + " is not a member of group " + group + ": they would decide its stages without belonging to it.")
				.toList();
		});
	}

	/** Today's delegations that route to or from {@code user}: whom they act for, and whom their approvals go to. */
	public record ActiveDelegations(Optional<Delegation> mine, List<Delegation> actingFor) {

		public boolean any() {
			return mine.isPresent() || !actingFor.isEmpty();
		}
	}

	public ActiveDelegations activeFor(AppUser user) {
		LocalDate today = LocalDate.now(clock);
		return transactions.readInTenant(user.tenantId(), () -> new ActiveDelegations(
				delegations.find(user.getUsername()).filter(d -> d.activeOn(today)),
				delegations.actingFor(user.getUsername(), today)));
	}

	/** {@link platform.ApproverDelegations}: the owners whose delegation to {@code delegate} covers today. */
	@Override
	public java.util.Set<String> actingFor(String tenantId, String delegate) {
		LocalDate today = LocalDate.now(clock);
		return transactions.readInTenant(tenantId, () -> delegations.actingFor(delegate, today).stream()
			.map(Delegation::owner)
			.collect(java.util.stream.Collectors.toUnmodifiableSet()));
	}

	/** The group whose members decide manager approvals when the manager cannot. */
	private static final String MANAGERS = "managers";

	/** Gives the owner's undecided assignments to the delegate where the delegate may hold them; returns the stages moved. */
	private List<String> moveOpenAssignments(String owner, String delegate) {
		List<String> moved = new ArrayList<>();
		for (Stage open : stages.awaiting(owner)) {
			Run run = runs.lock(open.runId()).orElseThrow();
			// re-read under the run's lock: a decision or the workflow may have moved the stage on
			Stage stage = stages.find(open.id()).orElseThrow();
			if (stage.status() != StageStatus.ACTIVE || !stage.assignees().contains(owner)
					|| !assignees.mayStandIn(run, stage, delegate, stage.assignees())) {
				continue;
			}
			List<String> people = new ArrayList<>(stage.assignees());
			people.set(people.indexOf(owner), delegate);
			Map<String, String> delegatedFor = new LinkedHashMap<>(stage.delegatedFor());
			delegatedFor.remove(owner);
			delegatedFor.put(delegate, owner);
			if (stages.reassign(stage.id(), stage.round(), people, delegatedFor)) {
				moved.add(run.id() + "/" + stage.name());
			}
		}
		return moved;
	}

	private static String validated(String delegate, LocalDate from, LocalDate until, LocalDate today) {
		Map<String, String> errors = new LinkedHashMap<>();
		if (!StringUtils.hasText(delegate)) {
			errors.put("delegate", "is required: the user who decides while you are away");
		}
		if (from == null) {
			errors.put("from", "is required (a date, yyyy-mm-dd)");
		}
		if (until == null) {
			errors.put("until", "is required (a date, yyyy-mm-dd)");
		}
		if (from != null && until != null) {
			if (until.isBefore(from)) {
				errors.put("until", "must not be before from");
			}
			else if (until.isBefore(today)) {
				errors.put("until", "is in the past");
			}
			else if (ChronoUnit.DAYS.between(from, until) >= MAX_DAYS) {
				errors.put("until", "a delegation covers at most " + MAX_DAYS + " days");
			}
			if (from.isAfter(today.plusDays(MAX_DAYS))) {
				errors.put("from", "must be within " + MAX_DAYS + " days from today");
			}
		}
		if (!errors.isEmpty()) {
			throw new DomainException.InvalidInput(errors);
		}
		return delegate.strip();
	}

	private static Map<String, Object> summary(Delegation delegation) {
		return Map.of("delegate", delegation.delegate(), "from", delegation.from().toString(), "until",
				delegation.until().toString());
	}
}
