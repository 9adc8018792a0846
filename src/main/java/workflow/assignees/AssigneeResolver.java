package workflow.assignees;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.springframework.stereotype.Component;

import platform.ReportingLines;
import platform.Role;
import platform.TenantTransactions;
import platform.UserDirectory;
import platform.UserDirectory.DirectoryUser;
import workflow.Run;
import workflow.RunPolicy;
import workflow.RunPolicy.Exclusions;
import workflow.RunPolicy.Refusal;
import workflow.Stage;
import workflow.definition.DefinitionStage;
import workflow.store.ActionRepository;
import workflow.store.DelegationRepository;

/**
 * Who may decide a stage: enabled APPROVERs of the stage's group, or the user who acts for the
 * employee's manager (HR names the manager by employee number or username; {@link ReportingLines}
 * links it to a user by work email), group {@code managers} when the employee has none, the
 * manager has no linked user or it is not an eligible approver (the stage's notice says which), never someone separation of duties keeps off the stage (the employee's own user,
 * recognised by the work email; the HR user who asked for the run, unless its definition allows
 * it; whoever approved the stage this one must differ from). Whether
 * a person may hold an assignment is {@link RunPolicy}'s rule; this class gathers the facts. At
 * activation an approver who is away hands the assignment to their delegate (recorded in
 * {@code delegatedFor}) when the delegate may hold it and is not on the stage already; otherwise
 * the approver keeps it. Call inside the run's tenant unit of work.
 */
@Component
public class AssigneeResolver {

	static final String MANAGERS_GROUP = "managers";

	private final UserDirectory directory;
	private final ActionRepository actions;
	private final DelegationRepository delegations;
	private final ReportingLines reportingLines;
	private final TenantTransactions transactions;

	AssigneeResolver(UserDirectory directory, ActionRepository actions, DelegationRepository delegations,
			ReportingLines reportingLines, TenantTransactions transactions) {
		this.reportingLines = reportingLines;
		this.transactions = transactions;
		this.directory = directory;
		this.actions = actions;
		this.delegations = delegations;
	}

	/**
	 * A stage's assignees and, for those who stand in for someone, whom (delegate to owner);
	 * {@code notice}, when not null, says why a stage of the employee's manager went to group
	 * {@code managers} instead (the run page shows it).
	 */
	public record Assignment(List<String> assignees, Map<String, String> delegatedFor, String notice) {

		public Assignment(List<String> assignees, Map<String, String> delegatedFor) {
			this(assignees, delegatedFor, null);
		}
	}

	/** The assignees of an approval stage activated on {@code day}: the eligible approvers, the away ones' delegates in their place. */
	public Assignment assign(Run run, Stage stage, LocalDate day) {
		List<String> eligible = eligibleApprovers(run, stage);
		String notice = managerFallback(run, stage, eligible);
		Map<String, String> away = delegations.activeOn(eligible, day);
		List<String> assignees = new ArrayList<>(eligible);
		Map<String, String> delegatedFor = new LinkedHashMap<>();
		for (Map.Entry<String, String> delegation : away.entrySet()) {
			if (mayStandIn(run, stage, delegation.getValue(), assignees)) {
				assignees.set(assignees.indexOf(delegation.getKey()), delegation.getValue());
				delegatedFor.put(delegation.getValue(), delegation.getKey());
			}
		}
		return new Assignment(List.copyOf(assignees), delegatedFor, notice);
	}

	/**
	 * Why a stage of the employee's manager is not the manager's (null when it is, or the stage is
	 * a group's): the manager HR names has no linked user, or that user may not decide it.
	 */
	private String managerFallback(Run run, Stage stage, List<String> eligible) {
		if (!DefinitionStage.EMPLOYEE_MANAGER.equals(stage.assignee()) || run.manager() == null) {
			return null;
		}
		Optional<String> user = managerUser(run);
		if (user.isEmpty()) {
			return "the employee's manager " + run.manager()
					+ " has no user account (none with the manager's work email): group managers decides instead";
		}
		return eligible.contains(user.get()) ? null
				: "the employee's manager " + user.get() + " may not decide this stage: group managers decides instead";
	}

	/** The user who acts for the employee's manager (HR's reference resolved, see ReportingLines#userOfManager). */
	private Optional<String> managerUser(Run run) {
		return run.manager() == null ? Optional.empty()
				: reportingLines.userOfManager(transactions.currentTenant(), run.manager());
	}

	List<String> eligibleApprovers(Run run, Stage stage) {
		Exclusions exclusions = distinctStageExclusions(run, stage);
		if (DefinitionStage.EMPLOYEE_MANAGER.equals(stage.assignee()) && run.manager() != null) {
			List<String> manager = eligible(run, managerUser(run).stream().toList(), exclusions);
			if (!manager.isEmpty()) {
				return manager;
			}
		}
		return eligible(run, directory.groupMembers(group(stage)), exclusions);
	}

	/**
	 * Whether {@code delegate} may take over an assignment of the stage from an away approver: an
	 * enabled APPROVER not kept off the stage by separation of duties, and not one of its
	 * {@code assignees} already (one person holds one place of a quorum).
	 */
	public boolean mayStandIn(Run run, Stage stage, String delegate, List<String> assignees) {
		return !assignees.contains(delegate) && refuseAssignee(run, stage, delegate, false).isEmpty();
	}

	/**
	 * Why {@code username} may not hold an assignment of the stage, if not ({@link RunPolicy#refuseAssignee});
	 * {@code fromPool}: they must also be in the stage's pool (a reassignment; a delegate stands in
	 * for someone who is).
	 */
	public Optional<Refusal> refuseAssignee(Run run, Stage stage, String username, boolean fromPool) {
		Optional<DirectoryUser> user = directory.find(username);
		boolean approver = user.map(u -> u.hasRole(Role.APPROVER)).orElse(false);
		boolean inPool = !fromPool || pool(run, stage).contains(username);
		return RunPolicy.refuseAssignee(username, approver, inPool, exclusionsOf(run, stage, user.stream().toList()));
	}

	/**
	 * Why {@code username} may not be added to the stage by its escalation, if not: like a delegate,
	 * an escalation approver comes from outside the stage's pool (the manager's manager, a named
	 * group), so only {@link RunPolicy#refuseAssignee}'s role and separation-of-duties rules apply.
	 */
	public Optional<Refusal> refuseEscalationApprover(Run run, Stage stage, String username) {
		return refuseAssignee(run, stage, username, false);
	}

	/** Who an open assignment of the stage may be reassigned to: the pool's eligible approvers not on the stage, sorted. */
	public List<String> reassignable(Run run, Stage stage) {
		return pool(run, stage).stream()
			.filter(person -> !stage.assignees().contains(person))
			.filter(person -> refuseAssignee(run, stage, person, true).isEmpty())
			.sorted()
			.toList();
	}

	/** Who separation of duties keeps off the stage, among the people a decision or assignment is about. */
	public Exclusions exclusions(Run run, Stage stage, Collection<String> people) {
		List<DirectoryUser> users = people.stream().map(directory::find).flatMap(Optional::stream).toList();
		return exclusionsOf(run, stage, users);
	}

	private Exclusions exclusionsOf(Run run, Stage stage, List<DirectoryUser> users) {
		Set<String> ownRun = new HashSet<>();
		users.stream().filter(user -> isEmployee(run, user)).forEach(user -> ownRun.add(user.username()));
		List<String> approvedDistinct = stage.distinctFrom() == null ? List.of() : actions.approversOf(run.id(), stage.distinctFrom());
		return new Exclusions(ownRun, Exclusions.requesterOf(run), Set.copyOf(approvedDistinct));
	}

	/** The exclusions that hold for everyone (the employee is recognised per candidate, by email). */
	private Exclusions distinctStageExclusions(Run run, Stage stage) {
		List<String> approvedDistinct = stage.distinctFrom() == null ? List.of() : actions.approversOf(run.id(), stage.distinctFrom());
		return new Exclusions(Set.of(), Exclusions.requesterOf(run), Set.copyOf(approvedDistinct));
	}

	/**
	 * Everyone the stage may be assigned to: its group, or the manager and the managers group, and
	 * whom its escalation added in this round.
	 */
	private Set<String> pool(Run run, Stage stage) {
		Set<String> pool = new HashSet<>(directory.groupMembers(group(stage)));
		pool.addAll(stage.escalatedTo());
		if (DefinitionStage.EMPLOYEE_MANAGER.equals(stage.assignee()) && run.manager() != null) {
			managerUser(run).ifPresent(pool::add);
		}
		return pool;
	}

	/** Notify stages inform whoever is in the group; an empty group does not block them. */
	public List<String> recipients(Stage stage) {
		return directory.groupMembers(group(stage));
	}

	/** What a notify stage whose group has no members says: it completed without informing anyone. */
	public String nobodyToNotify(Stage stage) {
		return "nobody was notified: group '%s' has no members".formatted(group(stage));
	}

	/**
	 * Why a stage with these eligible approvers cannot be activated; names separation of duties
	 * when the run's requester is an approver of the stage's pool the rule keeps off it.
	 */
	public String blockedReason(Run run, Stage stage, List<String> eligible) {
		String reason = "group '%s' has %d eligible approver(s), %d required".formatted(group(stage), eligible.size(),
				stage.requiredApprovals());
		String requester = Exclusions.requesterOf(run);
		boolean requesterWouldApprove = requester != null && pool(run, stage).contains(requester)
				&& directory.find(requester).map(user -> user.hasRole(Role.APPROVER) && !isEmployee(run, user)).orElse(false);
		return requesterWouldApprove ? SEPARATION_OF_DUTIES + ": " + requester
				+ " asked for this run and may not approve it; " + reason : reason;
	}

	/** The word a blocked reason starts with when separation of duties leaves a stage without enough approvers. */
	public static final String SEPARATION_OF_DUTIES = "separation-of-duties";

	private static String group(Stage stage) {
		return DefinitionStage.EMPLOYEE_MANAGER.equals(stage.assignee()) ? MANAGERS_GROUP : stage.assignee();
	}

	private List<String> eligible(Run run, List<String> usernames, Exclusions distinct) {
		return usernames.stream()
			.map(directory::find)
			.flatMap(Optional::stream)
			.filter(user -> RunPolicy.refuseAssignee(user.username(), user.hasRole(Role.APPROVER), true,
					new Exclusions(isEmployee(run, user) ? Set.of(user.username()) : Set.of(), distinct.requester(),
							distinct.approvedDistinctStage()))
				.isEmpty())
			.map(DirectoryUser::username)
			.sorted()
			.toList();
	}

	private static boolean isEmployee(Run run, DirectoryUser user) {
		return run.employeeEmail() != null && user.email() != null && run.employeeEmail().equalsIgnoreCase(user.email());
	}
}
