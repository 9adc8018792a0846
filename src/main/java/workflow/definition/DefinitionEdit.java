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
	 * {@code distinctFrom} null or blank is no separation-of-duties rule.
	 */
	public record StageEdit(String name, String title, String kind, String assignee, Integer requiredApprovals,
			Integer slaHours, List<String> grants, String distinctFrom) {
	}
}
