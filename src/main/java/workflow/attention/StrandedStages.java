package workflow.attention;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import platform.DirectoryReferences.Reference;
import platform.Role;
import platform.UserDirectory;
import workflow.Run;
import workflow.RunStatus;
import workflow.Stage;
import workflow.StageStatus;
import workflow.definition.DefinitionStage;
import workflow.store.ActionRepository;
import workflow.store.RunRepository;
import workflow.store.StageRepository;

/**
 * An active stage whose assignees can no longer decide it (disabled, gone, no longer approvers)
 * would wait for ever where nobody looks: it is shown blocked at once, with the reason named, and
 * active again as soon as enough of them can decide (or an admin reassigns it). The workflow keeps
 * waiting for decisions meanwhile; only the projection says blocked, so the run shows on the
 * needs-attention page, in the blocked filter and in HR's queue. Call inside the tenant unit of work.
 */
@Service
public class StrandedStages {

	private static final Logger log = LoggerFactory.getLogger(StrandedStages.class);
	/** The open stages one change looks at, oldest first. */
	static final int LIMIT = 2000;

	private final StageRepository stages;
	private final RunRepository runs;
	private final ActionRepository actions;
	private final UserDirectory directory;

	StrandedStages(StageRepository stages, RunRepository runs, ActionRepository actions, UserDirectory directory) {
		this.stages = stages;
		this.runs = runs;
		this.actions = actions;
		this.directory = directory;
	}

	/** Marks the stages nobody can decide blocked and the stranded ones somebody can decide again active; how many changed. */
	public int reevaluate(String cause) {
		return reevaluate(cause, stages.awaitingDecisions(LIMIT));
	}

	/**
	 * {@link #reevaluate(String)} of the stages a change of {@code users} or {@code groups} concerns
	 * only: those assigned to one of the users or to one of the groups; the others are left as they are.
	 */
	public int reevaluate(String cause, Collection<String> users, Collection<String> groups) {
		return reevaluate(cause, stages.awaitingDecisionsNaming(users, groups, LIMIT));
	}

	private int reevaluate(String cause, List<Stage> open) {
		People people = people(open);
		int changed = 0;
		for (Stage seen : open) {
			// a cheap look first: only a stage whose state changes is locked and looked at again
			boolean strand = seen.status() == StageStatus.ACTIVE && strandedReason(seen, people, null) != null;
			boolean unstrand = seen.stranded() && strandedReason(seen, people, null) == null;
			if (!strand && !unstrand) {
				continue;
			}
			Run run = runs.lock(seen.runId()).orElse(null);
			// re-read under the run's lock: a decision may have moved the stage on
			Stage stage = stages.find(seen.id()).orElseThrow();
			if (run == null || run.status() != RunStatus.RUNNING) {
				continue;
			}
			String reason = strandedReason(stage, people(List.of(stage)), null);
			if (reason != null && stage.status() == StageStatus.ACTIVE && stages.markStranded(stage.id(), stage.round(), reason)) {
				log.info("{}: stage {} of run {} is blocked: {}", cause, stage.name(), run.id(), reason);
				changed++;
			}
			else if (reason == null && stage.stranded() && stages.unstrand(stage.id(), stage.round())) {
				log.info("{}: stage {} of run {} can be decided again", cause, stage.name(), run.id());
				changed++;
			}
		}
		return changed;
	}

	/**
	 * The active stages that nobody could decide if {@code username} could not, as "<definition> run of
	 * <employee>: stage <title>" with the run's page.
	 */
	public List<Reference> strandedWithout(String username) {
		List<Stage> open = stages.awaitingDecisions(LIMIT).stream()
			.filter(stage -> stage.status() == StageStatus.ACTIVE && stage.assignees().contains(username))
			.toList();
		People people = people(open);
		List<Reference> stranded = new ArrayList<>();
		for (Stage stage : open) {
			if (strandedReason(stage, people, null) == null && strandedReason(stage, people, username) != null) {
				runs.find(stage.runId()).ifPresent(run -> stranded.add(new Reference(
						run.definitionTitle() + " run of " + run.employeeName() + ": stage " + stage.title(), "/runs/" + run.id())));
			}
		}
		return stranded;
	}

	/**
	 * Who of the stages' assignees may decide (enabled APPROVERs), who is disabled, and what the
	 * reasons call them (display names, also of those they act for), looked up once. Separation of
	 * duties was checked when they got the assignment and does not change.
	 */
	private record People(Set<String> approvers, Set<String> enabled, Set<String> disabled, Map<String, String> names) {

		/** A person as a reason names them: their display name, their username once they are no user. */
		String name(String username) {
			return names.getOrDefault(username, username);
		}
	}

	private People people(List<Stage> open) {
		Set<String> everyone = new HashSet<>();
		open.forEach(stage -> everyone.addAll(stage.assignees()));
		Set<String> approvers = new HashSet<>();
		Set<String> enabled = new HashSet<>();
		directory.findAll(everyone).forEach(user -> {
			enabled.add(user.username());
			if (user.hasRole(Role.APPROVER)) {
				approvers.add(user.username());
			}
		});
		Set<String> named = new HashSet<>(everyone);
		open.forEach(stage -> named.addAll(stage.delegatedFor().values()));
		return new People(approvers, enabled, new HashSet<>(directory.disabled(everyone)), directory.displayNames(named));
	}

	/**
	 * Why too few of the stage's undecided assignees can decide it (with {@code without} counted as
	 * disabled), or null when enough can.
	 */
	private String strandedReason(Stage stage, People people, String without) {
		int missing = stage.requiredApprovals() - stage.approvals();
		List<String> able = stage.assignees().stream()
			.filter(person -> people.approvers().contains(person) && !person.equals(without))
			.toList();
		// each approval so far is one able assignee's at most: enough able ones need no look at who decided
		if (able.size() >= stage.requiredApprovals()) {
			return null;
		}
		List<String> undecided = stage.assignees().stream()
			.filter(person -> !actions.hasDecided(stage.id(), stage.round(), person))
			.toList();
		List<String> undecidedAble = new ArrayList<>();
		List<String> unable = new ArrayList<>();
		for (String person : undecided) {
			String why = Objects.equals(person, without) ? "is disabled" : cannotDecide(person, people);
			if (why == null) {
				undecidedAble.add(people.name(person));
			}
			else {
				String owner = stage.delegatedFor().get(person);
				unable.add(people.name(person) + (owner == null ? "" : " (acting for " + people.name(owner) + ")") + " " + why);
			}
		}
		if (undecidedAble.size() >= missing || unable.isEmpty()) {
			return null;
		}
		String pool = DefinitionStage.EMPLOYEE_MANAGER.equals(stage.assignee()) ? "the employee's manager"
				: "group " + stage.assignee();
		if (undecidedAble.isEmpty() && unable.size() == 1) {
			return "nobody can decide: " + unable.get(0) + " and is the only approver of " + pool + " on this stage";
		}
		if (undecidedAble.isEmpty()) {
			return "nobody can decide: " + String.join(", ", unable) + " (" + pool + ")";
		}
		return "too few can decide: " + missing + " more approval(s) needed, only " + String.join(", ", undecidedAble)
				+ " can give them; " + String.join(", ", unable);
	}

	private static String cannotDecide(String person, People people) {
		if (people.disabled().contains(person)) {
			return "is disabled";
		}
		if (!people.enabled().contains(person)) {
			return "is no longer a user";
		}
		return people.approvers().contains(person) ? null : "is no longer an approver";
	}
}
