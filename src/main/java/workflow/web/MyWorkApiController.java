package workflow.web;

import java.util.List;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AppUser;
import platform.Role;
import workflow.HrWorkItem;
import workflow.InboxItem;
import workflow.Runs;

/** The JSON equivalent of the console's "My work": the approver inbox and HR's queue, per the caller's roles. */
@RestController
@Tag(name = "Workflow runs")
class MyWorkApiController {

	/** What waits for the caller; a list is empty when the caller lacks its role. */
	record MyWork(@Schema(description = "Active stages waiting for the caller's decision (APPROVER), oldest first") List<InboxItem> inbox,
			@Schema(description = "Runs that need HR (HR): returned, blocked for lack of approvers, failed to start; longest waiting first") List<HrWorkItem> hrQueue) {
	}

	private final Runs runs;

	MyWorkApiController(Runs runs) {
		this.runs = runs;
	}

	@GetMapping("/v1/me/work")
	@Operation(summary = "What waits for me: my approver inbox and, for HR, HR's queue")
	MyWork work(@AuthenticationPrincipal AppUser user) {
		List<InboxItem> inbox = user.hasRole(Role.APPROVER) ? runs.inbox(user, InboxPageController.INBOX_LIMIT) : List.of();
		List<HrWorkItem> queue = user.hasRole(Role.HR) ? runs.hrWork(user.tenantId(), HrWorkPageController.QUEUE_LIMIT)
				: List.of();
		return new MyWork(inbox, queue);
	}
}
