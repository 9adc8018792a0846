package workflow.definition;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.springframework.stereotype.Service;

import platform.AppUser;
import platform.DomainException;
import platform.PlatformAudit;
import platform.TenantTransactions;
import platform.UserDirectory;
import workflow.EscalationPolicy;
import workflow.ReminderCadence;
import workflow.StageKind;
import workflow.definition.DefinitionEdit.StageEdit;

/**
 * A tenant admin edits the tenant's joiner, mover and leaver definitions. A save is checked
 * against the tenant's directory (through the platform's {@link UserDirectory}: known groups, the
 * eligible approvers a quorum needs) and makes a new version; runs keep the stages of the version
 * they started with. Every save is audited with its before/after and the changes in words.
 */
@Service
public class DefinitionAdministration {

	static final int MAX_STAGES = 20;
	static final int MAX_GRANTS = 10;
	static final int MAX_SLA_HOURS = 24 * 365;
	static final int MAX_APPROVALS = 20;
	private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,62}");

	private final TenantTransactions transactions;
	private final DefinitionRepository definitions;
	private final UserDirectory directory;
	private final PlatformAudit audit;
	private final ApproverAnnouncement approvers;
	private final Clock clock;

	DefinitionAdministration(TenantTransactions transactions, DefinitionRepository definitions, UserDirectory directory,
			PlatformAudit audit, ApproverAnnouncement approvers, Clock clock) {
		this.transactions = transactions;
		this.approvers = approvers;
		this.definitions = definitions;
		this.directory = directory;
		this.audit = audit;
		this.clock = clock;
	}

	/** The current version of every definition of the tenant. */
	public List<DefinitionVersion> list(String tenantId) {
		return transactions.inTenant(tenantId, () -> Definition.KEYS.stream().map(key -> definitions.versions(key).get(0)).toList());
	}

	/** The current version of {@code key}. */
	public DefinitionVersion current(String tenantId, String key) {
		return versions(tenantId, key).get(0);
	}

	/** Every version, newest first. */
	public List<DefinitionVersion> versions(String tenantId, String key) {
		known(key);
		return transactions.inTenant(tenantId, () -> definitions.versions(key));
	}

	/** The groups a stage may name, for the editor. */
	public List<String> groups(String tenantId) {
		return transactions.readInTenant(tenantId, directory::groups);
	}

	/**
	 * Saves {@code edit} as the next version and returns it; an edit that changes nothing returns
	 * the current version unchanged.
	 *
	 * @throws DomainException.Unprocessable with a reason per field when the definition cannot work
	 * @throws DomainException.Conflict when {@code edit.version()} is not the current version
	 */
	public DefinitionVersion save(AppUser admin, String key, DefinitionEdit edit) {
		known(key);
		return transactions.inTenant(admin.tenantId(), () -> {
			Definition current = definitions.lockForSave(key).orElseThrow(() -> new DomainException.NotFound("No definition " + key + "."));
			if (edit.version() != null && edit.version() != current.version()) {
				throw new DomainException.Conflict("Version " + edit.version() + " is no longer current: version "
						+ current.version() + " was saved meanwhile. Reload and edit again.");
			}
			String title = edit.title() == null ? current.title() : edit.title().strip();
			List<DefinitionStage> stages = validated(title, edit.stages());
			boolean requesterMayApprove = edit.requesterMayApprove() == null ? current.requesterMayApprove()
					: edit.requesterMayApprove();
			DefinitionVersion before = definitions.versions(key).get(0);
			if (title.equals(current.title()) && stages.equals(current.stages())
					&& requesterMayApprove == current.requesterMayApprove()) {
				return before;
			}
			int version = current.version() + 1;
			definitions.save(key, title, version, stages, requesterMayApprove, admin.getUsername(), clock.instant());
			DefinitionVersion after = definitions.versions(key).get(0);
			Map<String, Object> detail = new LinkedHashMap<>();
			detail.put("subject", key);
			detail.put("before", Map.of("version", before.version(), "stages", summary(before.stages()),
					"requesterMayApprove", before.requesterMayApprove()));
			detail.put("after", Map.of("version", after.version(), "stages", summary(after.stages()),
					"requesterMayApprove", after.requesterMayApprove()));
			detail.put("changes", DefinitionChanges.between(before, after));
			audit.record(admin.getUsername(), "definition.saved", detail);
			approvers.announce("definition " + key + " saved as version " + version);
			return after;
		});
	}

	private List<DefinitionStage> validated(String title, List<StageEdit> edits) {
		Map<String, String> reasons = new LinkedHashMap<>();
		if (title.isEmpty() || title.length() > 200) {
			reasons.put("title", "must be 1 to 200 characters");
		}
		if (edits == null || edits.isEmpty()) {
			reasons.put("stages", "a definition needs at least one stage");
			throw invalid(reasons);
		}
		if (edits.size() > MAX_STAGES) {
			reasons.put("stages", "at most " + MAX_STAGES + " stages");
			throw invalid(reasons);
		}
		List<String> groups = directory.groups();
		Set<String> names = new HashSet<>();
		List<DefinitionStage> stages = new ArrayList<>();
		for (int i = 0; i < edits.size(); i++) {
			StageEdit edit = edits.get(i);
			String at = "stages[" + i + "].";
			if (edit == null) {
				reasons.put("stages[" + i + "]", "is missing");
				continue;
			}
			String name = strip(edit.name());
			if (name == null || !NAME.matcher(name).matches()) {
				reasons.put(at + "name", "must be 1-63 lower-case letters, digits or '_', starting with a letter");
			}
			else if (!names.add(name)) {
				reasons.put(at + "name", "'" + name + "' is the name of an earlier stage too; stage names are unique");
			}
			String stageTitle = strip(edit.title());
			if (stageTitle == null || stageTitle.length() > 200) {
				reasons.put(at + "title", "must be 1 to 200 characters");
			}
			StageKind kind = kind(edit.kind());
			if (kind == null) {
				reasons.put(at + "kind", "must be approval or notify");
			}
			int required = edit.requiredApprovals() == null ? 1 : edit.requiredApprovals();
			String assignee = strip(edit.assignee());
			if (assignee == null) {
				reasons.put(at + "assignee", "is required: a group or " + DefinitionStage.EMPLOYEE_MANAGER);
			}
			else if (!DefinitionStage.EMPLOYEE_MANAGER.equals(assignee) && !groups.contains(assignee)) {
				reasons.put(at + "assignee", "group '" + assignee + "' does not exist in this tenant (groups: "
						+ (groups.isEmpty() ? "none yet" : String.join(", ", groups)) + "); create it first");
			}
			if (required < 1 || required > MAX_APPROVALS) {
				reasons.put(at + "requiredApprovals", "must be between 1 and " + MAX_APPROVALS);
			}
			else if (kind == StageKind.NOTIFY && required != 1) {
				reasons.put(at + "requiredApprovals", "a notify stage informs its group and needs no approvals: use 1");
			}
			else if (kind == StageKind.APPROVAL && DefinitionStage.EMPLOYEE_MANAGER.equals(assignee) && required != 1) {
				reasons.put(at + "requiredApprovals", "the employee's manager is one person: a manager stage needs exactly 1 approval");
			}
			else if (kind == StageKind.APPROVAL && assignee != null && groups.contains(assignee)) {
				List<String> eligible = directory.eligibleApprovers(assignee);
				if (required > eligible.size()) {
					reasons.put(at + "requiredApprovals", "needs " + required + " approvals, but group '" + assignee
							+ "' has " + eligible.size() + " eligible approver(s)"
							+ (eligible.isEmpty() ? "" : " (" + String.join(", ", eligible) + ")")
							+ ": runs would wait forever. Add enabled APPROVERs to the group or lower the quorum");
				}
			}
			Integer sla = edit.slaHours();
			if (sla != null && (sla < 1 || sla > MAX_SLA_HOURS)) {
				reasons.put(at + "slaHours", "must be empty or between 1 and " + MAX_SLA_HOURS);
			}
			List<String> grants = edit.grants() == null ? List.of()
					: edit.grants().stream().map(DefinitionAdministration::strip).filter(g -> g != null).distinct().toList();
			if (grants.size() > MAX_GRANTS || grants.stream().anyMatch(g -> !NAME.matcher(g).matches())) {
				reasons.put(at + "grants", "at most " + MAX_GRANTS + " names of lower-case letters, digits or '_'");
			}
			else if (kind == StageKind.NOTIFY && !grants.isEmpty()) {
				reasons.put(at + "grants", "only an approval stage grants anything");
			}
			String distinctFrom = strip(edit.distinctFrom());
			if (distinctFrom != null) {
				String problem = distinctFromProblem(distinctFrom, kind, assignee, required, edits.subList(0, i));
				if (problem != null) {
					reasons.put(at + "distinctFrom", problem);
				}
			}
			ReminderCadence reminders = edit.reminders() == null ? null
					: StagePolicyRules.reminders(edit.reminders(), kind, at + "reminders.", reasons);
			EscalationPolicy escalation = edit.escalation() == null ? null
					: StagePolicyRules.escalation(edit.escalation(), kind, groups, at + "escalation.", reasons);
			if (reasons.isEmpty()) {
				stages.add(new DefinitionStage(i, name, stageTitle, kind, assignee, required, grants, sla, distinctFrom,
						reminders, escalation));
			}
		}
		if (!reasons.isEmpty()) {
			throw invalid(reasons);
		}
		return List.copyOf(stages);
	}

	/**
	 * Why a stage cannot require approvers distinct from stage {@code other}, or null: the other
	 * stage must be an earlier approval stage, and when both ask one group, the group must have
	 * enough eligible approvers for both quorums (otherwise the later stage would wait forever).
	 */
	private String distinctFromProblem(String other, StageKind kind, String assignee, int required, List<StageEdit> earlier) {
		if (kind != StageKind.APPROVAL) {
			return "only an approval stage can require approvers distinct from another stage";
		}
		StageEdit named = earlier.stream().filter(e -> e != null && other.equals(strip(e.name()))).findFirst().orElse(null);
		if (named == null) {
			return "'" + other + "' is not an earlier stage of this definition; name an approval stage before this one";
		}
		if (kind(named.kind()) != StageKind.APPROVAL) {
			return "'" + other + "' is a notify stage: it has no approvers to differ from";
		}
		String otherAssignee = strip(named.assignee());
		int otherRequired = named.requiredApprovals() == null ? 1 : named.requiredApprovals();
		if (assignee != null && assignee.equals(otherAssignee) && !DefinitionStage.EMPLOYEE_MANAGER.equals(assignee)) {
			int eligible = directory.eligibleApprovers(assignee).size();
			if (eligible < required + otherRequired) {
				return "both stages ask group '" + assignee + "': distinct approvers need " + (required + otherRequired)
						+ " eligible approvers, the group has " + eligible + ". Add APPROVERs to the group or use another group";
			}
		}
		return null;
	}

	private static DomainException.Unprocessable invalid(Map<String, String> reasons) {
		return new DomainException.Unprocessable("The definition was not saved: " + String.join("; ", reasons.values()),
				reasons);
	}

	private static StageKind kind(String kind) {
		try {
			return kind == null ? null : StageKind.of(kind.strip());
		}
		catch (IllegalArgumentException e) {
			return null;
		}
	}

	private static String strip(String text) {
		return text == null || text.isBlank() ? null : text.strip();
	}

	private static void known(String key) {
		if (!Definition.KEYS.contains(key)) {
			throw new DomainException.NotFound("No definition " + key + ".");
		}
	}

	private static List<String> summary(List<DefinitionStage> stages) {
		return stages.stream()
			.map(s -> s.name() + " (" + s.kind().value() + ", " + s.assignee() + ", " + s.requiredApprovals() + ")")
			.toList();
	}
}
