package workflow.web;

import java.util.UUID;

import platform.ConsoleTime;
import workflow.InboxItem;

/**
 * An inbox row with its texts, link and colours worked out here rather than by the template's
 * expressions (the reason is {@link RunListRow}'s). {@code selectable}: the reader's approval
 * alone decides the stage, so it may be approved in bulk.
 */
record InboxRow(UUID runId, UUID stageId, String href, boolean selectable, String selectId, String selectLabel,
		String employeeName, String department, String definitionTitle, String stageTitle, String delegatedFor,
		boolean escalatedToMe, String approvals, String waitingIso, String waiting, String sla, String slaCss) {

	static InboxRow of(InboxItem item, ConsoleTime times, StageSla sla) {
		return new InboxRow(item.runId(), item.stageId(), "/runs/" + item.runId(), item.oneApprovalDecides(),
				"select-" + item.stageId(), "Select " + item.employeeName() + ", " + item.stageTitle(),
				item.employeeName(), item.department(), item.definitionTitle(), item.stageTitle(), item.delegatedFor(),
				item.escalatedToMe(), item.approvals() + " / " + item.requiredApprovals(), times.iso(item.activatedAt()),
				times.when(item.activatedAt()), sla.sla(item.activatedAt(), item.slaHours()),
				StageSla.chipCss(sla.overdue(item.activatedAt(), item.slaHours())));
	}
}
