package workflow.decisions;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.util.StringUtils;

import platform.AppUser;
import platform.DomainException;
import platform.PlatformAudit;
import platform.TenantTransactions;
import workflow.Run;
import workflow.RunPolicy.Refusal;
import workflow.RunStatus;
import workflow.Stage;
import workflow.StageStatus;
import workflow.assignees.AssigneeResolver;
import workflow.definition.DefinitionStage;
import workflow.store.ActionRepository;
import workflow.store.RunRepository;
import workflow.store.StageRepository;

/**
 * An ADMIN moves an open assignment of a run's active stage to another eligible approver (an
 * enabled APPROVER of the stage's pool whom separation of duties does not keep off it), with a
 * reason, audited as {@code stage.reassigned}. {@code from} names the assignee replaced; it may
 * be left out when only one assignee has not decided yet, or when the stage needs one more
 * approval (then {@code to} alone holds the open assignment). Decisions already made stay. The
 * workflow learns the new assignees with the next decision (see {@code SignalDelivery}).
 */
@Service
public class StageReassignment {

	static final int MAX_REASON = 2000;
	static final String INELIGIBLE = "ineligible-approver";
	static final String ALREADY_ASSIGNED = "already-assigned";

	private final TenantTransactions transactions;
	private final RunRepository runs;
	private final StageRepository stages;
	private final ActionRepository actions;
	private final AssigneeResolver assignees;
	private final PlatformAudit audit;

	StageReassignment(TenantTransactions transactions, RunRepository runs, StageRepository stages, ActionRepository actions,
			AssigneeResolver assignees, PlatformAudit audit) {
		this.transactions = transactions;
		this.runs = runs;
		this.stages = stages;
		this.actions = actions;
		this.assignees = assignees;
		this.audit = audit;
	}

	/**
	 * What the console's reassign form offers for the run's current stage: its open assignees and
	 * the eligible approvers it may go to; empty when no stage of the run is active.
	 */
	public record Options(Stage stage, List<String> open, List<String> eligible) {
	}

	public java.util.Optional<Options> options(String tenantId, UUID runId) {
		return transactions.readInTenant(tenantId, () -> {
			Run run = runs.find(runId).orElseThrow(() -> new DomainException.NotFound("No run " + runId + "."));
			if (run.status() != RunStatus.RUNNING || run.currentStageId() == null) {
				return java.util.Optional.<Options>empty();
			}
			return stages.find(run.currentStageId())
				.filter(stage -> stage.status() == StageStatus.ACTIVE || stage.stranded())
				.map(stage -> new Options(stage, stage.assignees().stream()
					.filter(person -> !actions.hasDecided(stage.id(), stage.round(), person)).toList(),
						assignees.reassignable(run, stage)));
		});
	}

	/** Reassigns and returns the stage with its new assignees. */
	public Stage reassign(AppUser admin, UUID runId, UUID stageId, String to, String from, String reason) {
		Map<String, String> errors = new LinkedHashMap<>();
		if (!StringUtils.hasText(to)) {
			errors.put("to", "is required: the approver who takes the assignment");
		}
		if (!StringUtils.hasText(reason) || reason.length() > MAX_REASON) {
			errors.put("reason", "is required (at most " + MAX_REASON + " characters): it goes into the audit trail");
		}
		if (!errors.isEmpty()) {
			throw new DomainException.InvalidInput(errors);
		}
		String target = to.strip();
		String replaced = StringUtils.hasText(from) ? from.strip() : null;
		return transactions.inTenant(admin.tenantId(), () -> {
			Run run = runs.lock(runId).orElseThrow(() -> new DomainException.NotFound("No run " + runId + "."));
			Stage stage = stages.find(stageId)
				.filter(s -> s.runId().equals(runId))
				.orElseThrow(() -> new DomainException.NotFound("No stage " + stageId + " in run " + runId + "."));
			if (run.status() != RunStatus.RUNNING || !(stage.status() == StageStatus.ACTIVE || stage.stranded()) || !stageId.equals(run.currentStageId())) {
				throw new DomainException.Conflict("The stage is " + stage.status().value() + " (the run is " + run.status().value()
						+ "): only an active stage has open assignments to reassign.");
			}
			if (stage.assignees().contains(target)) {
				throw new DomainException.Conflict(target + " is already assigned to this stage.", ALREADY_ASSIGNED);
			}
			assignees.refuseAssignee(run, stage, target, true).ifPresent(refusal -> {
				throw refusal(refusal, target, stage);
			});
			List<String> undecided = stage.assignees().stream()
				.filter(person -> !actions.hasDecided(stage.id(), stage.round(), person))
				.toList();
			List<String> removed = removed(stage, undecided, replaced);
			List<String> after = new ArrayList<>(stage.assignees());
			int at = after.indexOf(removed.get(0));
			after.removeAll(removed);
			after.add(Math.min(at, after.size()), target);
			Map<String, String> delegatedFor = new LinkedHashMap<>(stage.delegatedFor());
			removed.forEach(delegatedFor::remove);
			stages.reassign(stage.id(), stage.round(), after, delegatedFor);
			Map<String, Object> detail = new LinkedHashMap<>();
			detail.put("subject", runId.toString());
			detail.put("stage", stage.name());
			detail.put("from", removed);
			detail.put("to", target);
			detail.put("reason", reason.strip());
			detail.put("before", stage.assignees());
			detail.put("after", after);
			audit.record(admin.getUsername(), "stage.reassigned", detail);
			return stages.find(stage.id()).orElseThrow();
		});
	}

	/** Whom the reassignment takes the assignment from. */
	private static List<String> removed(Stage stage, List<String> undecided, String from) {
		if (undecided.isEmpty()) {
			throw new DomainException.Conflict("Every assignee of this stage has decided; nothing is open to reassign.");
		}
		if (from != null) {
			if (!undecided.contains(from)) {
				throw new DomainException.InvalidInput("from", "'" + from + "' holds no open assignment of this stage (open: "
						+ String.join(", ", undecided) + ")");
			}
			return List.of(from);
		}
		int missing = stage.requiredApprovals() - stage.approvals();
		if (undecided.size() == 1 || missing <= 1) {
			return undecided;
		}
		throw new DomainException.InvalidInput("from", "is required: the stage needs " + missing + " more approvals and "
				+ String.join(", ", undecided) + " hold its open assignments; name the one to replace");
	}

	private static DomainException refusal(Refusal refusal, String target, Stage stage) {
		return switch (refusal) {
			case OWN_RUN -> new DomainException.Conflict(target + " is the employee of this run and may not approve it.",
					RunActions.SEPARATION_OF_DUTIES);
			case OWN_REQUEST -> new DomainException.Conflict(target + " asked for this run and may not approve it.",
					RunActions.SEPARATION_OF_DUTIES);
			case SAME_APPROVER -> new DomainException.Conflict(target + " approved stage '" + stage.distinctFrom()
					+ "' of this run; '" + stage.name() + "' needs a different approver.", RunActions.SEPARATION_OF_DUTIES);
			default -> new DomainException.Conflict(target + " is not an eligible approver of this stage: an enabled APPROVER of "
					+ (DefinitionStage.EMPLOYEE_MANAGER.equals(stage.assignee()) ? "the employee's manager or group managers" : "group " + stage.assignee())
					+ " is.", INELIGIBLE);
		};
	}
}
