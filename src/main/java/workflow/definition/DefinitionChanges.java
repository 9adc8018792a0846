package workflow.definition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/** What changed between two versions of a definition, stage by stage (by stage name), in words. */
public final class DefinitionChanges {

	private DefinitionChanges() {
	}

	public static List<String> between(DefinitionVersion before, DefinitionVersion after) {
		List<String> changes = new ArrayList<>();
		if (before == null) {
			changes.add("first version");
			return changes;
		}
		if (!before.title().equals(after.title())) {
			changes.add("title: '" + before.title() + "' → '" + after.title() + "'");
		}
		if (before.requesterMayApprove() != after.requesterMayApprove()) {
			changes.add(after.requesterMayApprove() ? "the requester of a run may now approve it (separation of duties relaxed)"
					: "the requester of a run may no longer approve it");
		}
		Map<String, DefinitionStage> old = before.stages().stream()
			.collect(Collectors.toMap(DefinitionStage::name, Function.identity()));
		Map<String, DefinitionStage> now = after.stages().stream()
			.collect(Collectors.toMap(DefinitionStage::name, Function.identity()));
		for (DefinitionStage stage : after.stages()) {
			DefinitionStage was = old.get(stage.name());
			if (was == null) {
				changes.add("stage " + stage.name() + " added at position " + (stage.position() + 1));
				continue;
			}
			String prefix = "stage " + stage.name() + ": ";
			compare(changes, prefix + "position", was.position() + 1, stage.position() + 1);
			compare(changes, prefix + "title", was.title(), stage.title());
			compare(changes, prefix + "kind", was.kind().value(), stage.kind().value());
			compare(changes, prefix + "assignee", was.assignee(), stage.assignee());
			compare(changes, prefix + "required approvals", was.requiredApprovals(), stage.requiredApprovals());
			compare(changes, prefix + "SLA hours", was.slaHours(), stage.slaHours());
			compare(changes, prefix + "grants", was.grants(), stage.grants());
			compare(changes, prefix + "approvers distinct from", was.distinctFrom(), stage.distinctFrom());
			compare(changes, prefix + "reminders", was.reminders() == null ? null : was.reminders().json(),
					stage.reminders() == null ? null : stage.reminders().json());
			compare(changes, prefix + "escalation", was.escalation() == null ? null : was.escalation().json(),
					stage.escalation() == null ? null : stage.escalation().json());
		}
		before.stages().stream()
			.filter(stage -> !now.containsKey(stage.name()))
			.forEach(stage -> changes.add("stage " + stage.name() + " removed"));
		return changes;
	}

	private static void compare(List<String> changes, String what, Object before, Object after) {
		if (!Objects.equals(before, after)) {
			changes.add(what + ": " + (before == null ? "none" : before) + " → " + (after == null ? "none" : after));
		}
	}
}
