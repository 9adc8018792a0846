package notifications.webhooks;

import java.util.List;

import org.springframework.stereotype.Component;

import platform.NavEntry;
import platform.NavEntry.Group;
import platform.NavigationContributor;
import platform.Role;

/** The Webhooks page in the console's navigation (the Admin menu's Delivery section, after Mail). */
@Component
class WebhookNavigation implements NavigationContributor {

	@Override
	public List<NavEntry> navEntries() {
		return List.of(NavEntry.of(Group.ADMIN_DELIVERY, "nav-webhooks", "Webhooks", "/admin/webhooks", Role.ADMIN, 45));
	}
}
