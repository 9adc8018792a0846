package jobs.web;

import java.util.List;

import org.springframework.stereotype.Component;

import platform.NavEntry;
import platform.NavEntry.Group;
import platform.NavigationContributor;

/** The jobs page in the console's navigation: for platform operators (the jobs work across tenants). */
@Component
class JobsNavigation implements NavigationContributor {

	@Override
	public List<NavEntry> navEntries() {
		return List.of(NavEntry.forOperators(Group.ADMIN_PLATFORM, "nav-jobs", "Jobs", "/admin/jobs", 10));
	}
}
