package workflow.web;

import java.util.UUID;

import platform.Badge;
import platform.ConsoleTime;
import workflow.CurrentStage;
import workflow.Run;
import workflow.RunRow;
import workflow.StageKind;
import workflow.StageStatus;

/**
 * A runs-list row with every text, link and colour worked out here: a page renders twenty of them,
 * and each expression a row evaluates in the template costs more than the Java that replaces it
 * (evaluated by reflection). The stage's fields are null when the run has no
 * current stage to show (not started, or finished); {@code waitingOn} and the due chip are null
 * when there is nobody or no SLA to show.
 */
record RunListRow(UUID id, String href, String employeeName, String definitionTitle, Badge badge,
		String startSummary, String stageTitle, String stageProgress, boolean blocked, String blockedReason,
		String blockedSinceIso, String blockedSince, String waitingOn, String due, String dueCss, String dueTitle,
		String department, String createdIso, String created) {

	static RunListRow of(RunRow row, ConsoleTime times) {
		Run run = row.run();
		CurrentStage stage = run.finished() ? null : row.currentStage();
		boolean counting = stage != null && stage.status() == StageStatus.ACTIVE && stage.kind() == StageKind.APPROVAL;
		boolean blocked = stage != null && stage.blocked();
		boolean dueShown = stage != null && stage.dueAt() != null;
		String due = !dueShown ? null
				: (stage.overdue() ? "overdue · due " : "due ") + times.ago(stage.dueAt());
		return new RunListRow(run.id(), "/runs/" + run.id(), run.employeeName(), run.definitionTitle(),
				StatusBadge.of(run.status()), run.start() == null ? null : run.start().summary(),
				stage == null ? null : stage.title(),
				counting ? stage.approvals() + " / " + stage.requiredApprovals() : null,
				blocked, blocked ? stage.blockedReason() : null,
				blocked ? times.iso(stage.blockedSince()) : null,
				blocked && stage.blockedSince() != null ? times.when(stage.blockedSince()) : null,
				stage == null || stage.waitingOnNames().isEmpty() ? null : String.join(", ", stage.waitingOnNames()),
				due, !dueShown ? null : StageSla.chipCss(stage.overdue()),
				!dueShown ? null : times.at(stage.dueAt()),
				run.department(), times.iso(run.createdAt()), times.when(run.createdAt()));
	}
}
