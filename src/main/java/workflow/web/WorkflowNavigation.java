package workflow.web;

import java.util.List;

import org.springframework.stereotype.Component;

import platform.NavEntry;
import platform.NavEntry.Group;
import platform.NavigationContributor;
import platform.Role;

/** The workflow's pages in the console's navigation; the badges come from {@link InboxCountAdvice}. */
@Component
class WorkflowNavigation implements NavigationContributor {

	@Override
	public List<NavEntry> navEntries() {
		return List.of(
				NavEntry.of(Group.WORK, "nav-inbox", "Inbox", "/inbox", Role.APPROVER, 10).withBadge("inboxCount"),
				NavEntry.of(Group.WORK, "nav-hr-work", "My work", "/work", Role.HR, 20).withBadge("hrWorkCount"),
				NavEntry.forRoleHolders(Group.WORK, "nav-runs", "Runs", "/runs", 30),
				NavEntry.of(Group.ADMIN_WORKFLOW, "nav-attention", "Needs attention", "/admin/attention", Role.ADMIN, 10)
					.withBadge("attentionCount"),
				NavEntry.of(Group.ADMIN_WORKFLOW, "nav-insights", "Insights", "/admin/insights", Role.ADMIN, 20),
				NavEntry.of(Group.ADMIN_WORKFLOW, "nav-definitions", "Definitions", "/admin/definitions", Role.ADMIN, 30),
				NavEntry.of(Group.ACCOUNT, "my-delegation", "My delegation", "/me/delegation", Role.APPROVER, 10));
	}
}
