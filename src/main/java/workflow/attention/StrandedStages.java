package workflow.attention;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import platform.UserDirectory;
import workflow.Run;
import workflow.RunStatus;
import workflow.Stage;
import workflow.StageStatus;
import workflow.assignees.AssigneeResolver;
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
	private final AssigneeResolver assignees;
	private final UserDirectory directory;

	StrandedStages(StageRepository stages, RunRepository runs, ActionRepository actions, AssigneeResolver assignees,
			UserDirectory directory) {
		this.stages = stages;
		this.runs = runs;
		this.actions = actions;
		this.assignees = assignees;
		this.directory = directory;
	}

	/** Marks the stages nobody can decide blocked and the stranded ones somebody can decide again active; how many changed. */
	public int reevaluate(String cause) {
		int changed = 0;
		for (Stage open : stages.awaitingDecisions(LIMIT)) {
			Run run = runs.lock(open.runId()).orElse(null);
			// re-read under the run's lock: a decision may have moved the stage on
			Stage stage = stages.find(open.id()).orElseThrow();
			if (run == null || run.status() != RunStatus.RUNNING) {
				continue;
			}
			String reason = strandedReason(run, stage, null);
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

	/** The active stages that nobody could decide if {@code username} could not, as "<definition> run of <employee>: stage <title>". */
	public List<String> strandedWithout(String username) {
		List<String> stranded = new ArrayList<>();
		for (Stage stage : stages.awaitingDecisions(LIMIT)) {
			if (stage.status() != StageStatus.ACTIVE || !stage.assignees().contains(username)) {
				continue;
			}
			runs.find(stage.runId())
				.filter(run -> strandedReason(run, stage, null) == null && strandedReason(run, stage, username) != null)
				.ifPresent(run -> stranded.add(run.definitionTitle() + " run of " + run.employeeName() + ": stage "
						+ stage.title() + " (run " + run.id() + ")"));
		}
		return stranded;
	}

	/**
	 * Why too few of the stage's undecided assignees can decide it (with {@code without} counted as
	 * disabled), or null when enough can.
	 */
	String strandedReason(Run run, Stage stage, String without) {
		int missing = stage.requiredApprovals() - stage.approvals();
		List<String> undecided = stage.assignees().stream()
			.filter(person -> !actions.hasDecided(stage.id(), stage.round(), person))
			.toList();
		List<String> able = new ArrayList<>();
		List<String> unable = new ArrayList<>();
		List<String> disabled = directory.disabled(undecided);
		for (String person : undecided) {
			String why = Objects.equals(person, without) ? "is disabled" : cannotDecide(run, stage, person, disabled);
			if (why == null) {
				able.add(person);
			}
			else {
				String owner = stage.delegatedFor().get(person);
				unable.add(person + (owner == null ? "" : " (acting for " + owner + ")") + " " + why);
			}
		}
		if (able.size() >= missing || unable.isEmpty()) {
			return null;
		}
		String pool = DefinitionStage.EMPLOYEE_MANAGER.equals(stage.assignee()) ? "the employee's manager"
				: "group " + stage.assignee();
		if (able.isEmpty() && unable.size() == 1) {
			return "nobody can decide: " + unable.get(0) + " and is the only approver of " + pool + " on this stage";
		}
		if (able.isEmpty()) {
			return "nobody can decide: " + String.join(", ", unable) + " (" + pool + ")";
		}
		return "too few can decide: " + missing + " more approval(s) needed, only " + String.join(", ", able)
				+ " can give them; " + String.join(", ", unable);
	}

	private String cannotDecide(Run run, Stage stage, String person, List<String> disabled) {
		if (disabled.contains(person)) {
			return "is disabled";
		}
		if (directory.find(person).isEmpty()) {
			return "is no longer a user";
		}
		return assignees.refuseAssignee(run, stage, person, false).map(refusal -> "may no longer approve").orElse(null);
	}
}
