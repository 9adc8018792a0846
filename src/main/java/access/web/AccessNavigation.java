package access.web;

import java.util.List;

import org.springframework.stereotype.Component;

import platform.NavEntry;
import platform.NavEntry.Group;
import platform.NavigationContributor;
import platform.Role;

/** The access pages in the console's navigation; the requests waiting for a decision show in the inbox. */
@Component
class AccessNavigation implements NavigationContributor {

	@Override
	public List<NavEntry> navEntries() {
		return List.of(NavEntry.forEveryone(Group.WORK, "nav-request-access", "Request access", "/access", 50),
				NavEntry.of(Group.ADMIN_ACCESS, "nav-access-catalog", "Access catalog", "/admin/access-packages", Role.ADMIN, 25),
				NavEntry.forEveryone(Group.ACCOUNT, "my-access", "My access", "/access/mine", 12));
	}
}
