package workflow.definition;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;

import workflow.EscalationPolicy;
import workflow.ReminderCadence;
import workflow.StageKind;
import workflow.definition.DefinitionEdit.EscalationEdit;
import workflow.definition.DefinitionEdit.ReminderEdit;

/**
 * The checks of a stage's reminder cadence and escalation: durations ISO-8601, at least a minute
 * and at most a year; a handful of reminders (each one a mail to every assignee); a warning before
 * the escalation, not after; groups that exist. Each problem is a reason under its field.
 */
final class StagePolicyRules {

	static final Duration MIN_DELAY = Duration.ofMinutes(1);
	static final Duration MAX_DELAY = Duration.ofDays(365);
	static final int MAX_REMINDERS = 10;

	private StagePolicyRules() {
	}

	/** The cadence, or null with the reasons added. */
	static ReminderCadence reminders(ReminderEdit edit, StageKind kind, String at, Map<String, String> reasons) {
		int before = reasons.size();
		if (kind == StageKind.NOTIFY) {
			reasons.put(at.substring(0, at.length() - 1), "a notify stage waits for nobody: only an approval stage has reminders");
			return null;
		}
		Duration first = duration(edit.firstAfter(), true, at + "firstAfter", reasons);
		Duration every = duration(edit.every(), false, at + "every", reasons);
		int max = edit.max() == null ? 1 : edit.max();
		if (max < 1 || max > MAX_REMINDERS) {
			reasons.put(at + "max", "must be between 1 and " + MAX_REMINDERS);
		}
		else if (max > 1 && every == null && !reasons.containsKey(at + "every")) {
			reasons.put(at + "every", "is required when max is more than 1: the time between reminders");
		}
		return reasons.size() > before ? null : new ReminderCadence(first, every, max);
	}

	/** The escalation, or null with the reasons added. */
	static EscalationPolicy escalation(EscalationEdit edit, StageKind kind, List<String> groups, String at,
			Map<String, String> reasons) {
		int before = reasons.size();
		if (kind == StageKind.NOTIFY) {
			reasons.put(at.substring(0, at.length() - 1), "a notify stage waits for nobody: only an approval stage escalates");
			return null;
		}
		Duration after = duration(edit.after(), true, at + "after", reasons);
		Duration warnBefore = duration(edit.warnBefore(), false, at + "warnBefore", reasons);
		if (after != null && warnBefore != null && warnBefore.compareTo(after) >= 0) {
			reasons.put(at + "warnBefore", "must be shorter than 'after' (" + after + "): the warning comes after the activation");
		}
		String group = null;
		if (edit.to() instanceof String to && EscalationPolicy.MANAGER_OF_MANAGER.equals(to.strip())) {
			group = null;
		}
		else if (edit.to() instanceof Map<?, ?> named && named.size() == 1 && named.get("group") instanceof String name) {
			group = group(name, groups, at + "to", reasons);
		}
		else {
			reasons.put(at + "to", "must be \"" + EscalationPolicy.MANAGER_OF_MANAGER + "\" or {\"group\": \"<name>\"}");
		}
		String fallback = edit.fallbackGroup() == null || edit.fallbackGroup().isBlank() ? null
				: group(edit.fallbackGroup(), groups, at + "fallbackGroup", reasons);
		if (fallback != null && group != null) {
			reasons.put(at + "fallbackGroup", "only an escalation to the manager's manager has a fallback group");
		}
		boolean addApprover = Boolean.TRUE.equals(edit.addApprover());
		return reasons.size() > before ? null : new EscalationPolicy(after, group, fallback, addApprover, warnBefore);
	}

	private static String group(String name, List<String> groups, String field, Map<String, String> reasons) {
		String group = name.strip();
		if (!groups.contains(group)) {
			reasons.put(field, "group '" + group + "' does not exist in this tenant (groups: "
					+ (groups.isEmpty() ? "none yet" : String.join(", ", groups)) + ")");
			return null;
		}
		return group;
	}

	private static Duration duration(String text, boolean required, String field, Map<String, String> reasons) {
		if (text == null || text.isBlank()) {
			if (required) {
				reasons.put(field, "is required: an ISO-8601 duration such as PT24H or P3D");
			}
			return null;
		}
		Duration duration;
		try {
			duration = Duration.parse(text.strip());
		}
		catch (DateTimeParseException e) {
			reasons.put(field, "'" + text.strip() + "' is not an ISO-8601 duration such as PT24H or P3D");
			return null;
		}
		if (duration.compareTo(MIN_DELAY) < 0 || duration.compareTo(MAX_DELAY) > 0) {
			reasons.put(field, "must be between " + MIN_DELAY + " and " + MAX_DELAY.toDays() + " days (P365D)");
			return null;
		}
		return duration;
	}
}
