package hr.web;

import java.util.List;

import org.springframework.stereotype.Component;

import platform.NavEntry;
import platform.NavEntry.Group;
import platform.NavigationContributor;
import platform.Role;

/** HR's pages in the console's navigation: the employees and their imports, and the ADMIN's HR triggers and source. */
@Component
class HrNavigation implements NavigationContributor {

	@Override
	public List<NavEntry> navEntries() {
		return List.of(NavEntry.of(Group.WORK, "nav-employees", "Employees", "/hr/employees", Role.HR, 40),
				NavEntry.of(Group.WORK, "nav-hr-imports", "Import", "/hr/imports", Role.HR, 41),
				NavEntry.of(Group.ADMIN_WORKFLOW, "nav-hr-triggers", "HR triggers", "/admin/hr/triggers", Role.ADMIN, 40),
				NavEntry.of(Group.ADMIN_WORKFLOW, "nav-hr-source", "HR source", "/admin/hr/source", Role.ADMIN, 41));
	}
}
