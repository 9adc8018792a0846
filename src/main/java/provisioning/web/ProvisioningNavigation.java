package provisioning.web;

import java.util.List;

import org.springframework.stereotype.Component;

import platform.NavEntry;
import platform.NavEntry.Group;
import platform.NavigationContributor;
import platform.Role;

/**
 * Provisioning's admin pages in the console's navigation, in the Admin menu's Delivery section
 * (beside the outbox: both carry what the hub decided to other systems).
 */
@Component
class ProvisioningNavigation implements NavigationContributor {

	@Override
	public List<NavEntry> navEntries() {
		return List.of(
				NavEntry.of(Group.ADMIN_DELIVERY, "nav-provisioning", "Provisioning", "/admin/provisioning", Role.ADMIN, 40),
				NavEntry.of(Group.ADMIN_DELIVERY, "nav-directory", "Directory", "/admin/directory", Role.ADMIN, 50));
	}
}
