package workflow.jobs;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import outbox.OutboxPublisher;
import outbox.catalog.StageEscalated;
import platform.PlatformAudit;
import platform.ReportingLines;
import platform.UserDirectory;
import platform.UserDirectory.DirectoryUser;
import workflow.EscalationPolicy;
import workflow.Run;
import workflow.Stage;
import workflow.assignees.AssigneeResolver;
import workflow.store.StageRepository;

/**
 * Escalates an active stage nobody decided in time, once per round (the caller holds the run and
 * stage locks and records it in the same transaction). The target is the manager of the employee's
 * manager, found through HR's record of the manager (by their work email, {@link ReportingLines})
 * and the user HR names as their manager, or the members of a group; when the manager's manager cannot be found or may not
 * approve, the fallback group stands in and the stage says why. With {@code addApprover} the target
 * becomes an eligible assignee of the stage (who may hold an assignment is
 * {@link AssigneeResolver}'s and {@code RunPolicy}'s rule), recorded on the stage (who, when, why)
 * and audited as {@code stage.escalated}; the target is told through the outbox.
 */
@Component
class StageEscalation {

	static final String ACTOR = "workflow";

	private static final Logger log = LoggerFactory.getLogger(StageEscalation.class);

	private final StageRepository stages;
	private final AssigneeResolver assignees;
	private final UserDirectory directory;
	private final ReportingLines reportingLines;
	private final OutboxPublisher outbox;
	private final PlatformAudit audit;

	StageEscalation(StageRepository stages, AssigneeResolver assignees, UserDirectory directory, ReportingLines reportingLines,
			OutboxPublisher outbox, PlatformAudit audit) {
		this.stages = stages;
		this.assignees = assignees;
		this.directory = directory;
		this.reportingLines = reportingLines;
		this.outbox = outbox;
		this.audit = audit;
	}

	/** Whom the policy escalates to, in words (for the warning mail and the run page). */
	static String target(EscalationPolicy policy) {
		return policy.group() == null ? "the manager of the employee's manager" : "group " + policy.group();
	}

	void escalate(String tenantId, Run run, Stage stage, EscalationPolicy policy, Instant now) {
		List<String> notes = new ArrayList<>();
		String why = "nobody decided within " + policy.after() + " of the activation";
		List<String> targets = targets(tenantId, run, stage, policy, notes);
		if (targets.isEmpty() && policy.group() == null && policy.fallbackGroup() != null) {
			notes.add("fallback group " + policy.fallbackGroup());
			targets = eligible(run, stage, directory.groupMembers(policy.fallbackGroup()), policy, notes);
		}
		String note = why + "; " + (targets.isEmpty() ? "nobody to escalate to" : (policy.addApprover() ? "added " : "told ")
				+ String.join(", ", targets)) + (notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")");
		List<String> added = policy.addApprover() ? targets.stream().filter(t -> !stage.assignees().contains(t)).toList() : List.of();
		if (!added.isEmpty()) {
			List<String> after = new ArrayList<>(stage.assignees());
			after.addAll(added);
			stages.reassign(stage.id(), stage.round(), after, stage.delegatedFor());
		}
		stages.recordEscalation(stage.id(), stage.round(), now, targets, note);
		Map<String, Object> detail = new LinkedHashMap<>();
		detail.put("subject", run.id().toString());
		detail.put("stage", stage.name());
		detail.put("round", stage.round());
		detail.put("to", targets);
		detail.put("added", added);
		detail.put("reason", note);
		audit.record(ACTOR, "stage.escalated", detail);
		if (!targets.isEmpty()) {
			outbox.publish(new StageEscalated(run.id(), stage.id(), stage.round(), StageReminders.title(stage),
					run.employeeName(), targets, policy.addApprover(), why));
		}
		log.info("Stage {} of run {} escalated: {}", stage.name(), run.id(), note);
	}

	/** The policy's target people, may-approve checked when they are to be added; why not in {@code notes}. */
	private List<String> targets(String tenantId, Run run, Stage stage, EscalationPolicy policy, List<String> notes) {
		if (policy.group() != null) {
			return eligible(run, stage, directory.groupMembers(policy.group()), policy, notes);
		}
		return managerOfManager(tenantId, run, notes).map(person -> eligible(run, stage, List.of(person), policy, notes))
			.orElse(List.of());
	}

	/** The employee's manager's manager as a user of the tenant, or empty with the reason in {@code notes}. */
	private Optional<String> managerOfManager(String tenantId, Run run, List<String> notes) {
		if (run.manager() == null) {
			notes.add("the employee has no manager, so no manager's manager");
			return Optional.empty();
		}
		// HR names the manager by employee number or username: the user acting for it has the email HR knows
		Optional<DirectoryUser> manager = reportingLines.userOfManager(tenantId, run.manager()).flatMap(directory::find);
		if (manager.isEmpty() || manager.get().email() == null) {
			notes.add("manager " + run.manager() + " has no user with an email address to look up in HR");
			return Optional.empty();
		}
		Optional<String> above = reportingLines.managerOf(tenantId, manager.get().email());
		if (above.isEmpty()) {
			notes.add("HR records no manager for " + run.manager() + " (" + manager.get().email() + ")");
			return Optional.empty();
		}
		Optional<String> aboveUser = reportingLines.userOfManager(tenantId, above.get());
		if (aboveUser.isEmpty()) {
			notes.add(run.manager() + "'s manager " + above.get() + " is not an enabled user of this tenant");
			return Optional.empty();
		}
		return aboveUser;
	}

	/** Those of {@code people} who may hold an assignment of the stage, when the escalation adds them; all otherwise. */
	private List<String> eligible(Run run, Stage stage, List<String> people, EscalationPolicy policy, List<String> notes) {
		if (!policy.addApprover()) {
			return people.stream().sorted().toList();
		}
		List<String> eligible = new ArrayList<>();
		for (String person : people.stream().sorted().toList()) {
			Optional<workflow.RunPolicy.Refusal> refusal = assignees.refuseEscalationApprover(run, stage, person);
			if (refusal.isEmpty()) {
				eligible.add(person);
			}
			else {
				notes.add(person + " may not approve this stage (" + refusal.get().name().toLowerCase().replace('_', ' ') + ")");
			}
		}
		return eligible;
	}
}
