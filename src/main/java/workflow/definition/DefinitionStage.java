package workflow.definition;

import java.util.List;

import workflow.EscalationPolicy;
import workflow.ReminderCadence;
import workflow.StageKind;

/**
 * One stage of a definition. {@code assignee} is a group name or {@link #EMPLOYEE_MANAGER}.
 * {@code grants} is what an approved stage gives (undone by compensation); {@code slaHours} is
 * null for stages without an SLA. {@code distinctFrom} (separation of duties, null: none) names an
 * earlier approval stage whose approvers may not approve this one. {@code reminders} and
 * {@code escalation} (null: none) say when its assignees are reminded and what happens when nobody
 * decides in time.
 */
public record DefinitionStage(int position, String name, String title, StageKind kind, String assignee,
		int requiredApprovals, List<String> grants, Integer slaHours, String distinctFrom, ReminderCadence reminders,
		EscalationPolicy escalation) {

	/** The employee's manager, or group {@code managers} when the employee has none. */
	public static final String EMPLOYEE_MANAGER = "employee_manager";
}
