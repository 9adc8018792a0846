package workflow.definition;

import java.util.List;

/**
 * An admin's edit of a definition: the stages in their new order. {@code version}, when given, is
 * the version the edit started from (a save over a newer one is refused); {@code title} null keeps
 * the title, {@code requesterMayApprove} null keeps the setting. Checked by {@link DefinitionAdministration}: every problem is a reason of the 422.
 */
public record DefinitionEdit(String title, Integer version, List<StageEdit> stages, Boolean requesterMayApprove) {

	/**
	 * One stage; {@code requiredApprovals} null is 1, {@code slaHours} null is no SLA,
	 * {@code distinctFrom} null or blank is no separation-of-duties rule, {@code reminders} and
	 * {@code escalation} null are none (a stage with an SLA is then reminded once when it passes).
	 */
	public record StageEdit(String name, String title, String kind, String assignee, Integer requiredApprovals,
			Integer slaHours, List<String> grants, String distinctFrom, ReminderEdit reminders, EscalationEdit escalation) {
	}

	/** A reminder cadence: ISO-8601 durations ({@code PT24H}, {@code P2D}); {@code every} null is no repeat, {@code max} null is 1. */
	public record ReminderEdit(String firstAfter, String every, Integer max) {
	}

	/**
	 * An escalation: {@code after} and {@code warnBefore} (null: no warning) are ISO-8601 durations;
	 * {@code to} is {@code "manager_of_manager"} or {@code {"group": "<name>"}}; {@code fallbackGroup}
	 * stands in when the manager's manager cannot be found; {@code addApprover} null is false.
	 */
	public record EscalationEdit(String after, Object to, String fallbackGroup, Boolean addApprover, String warnBefore) {
	}
}
