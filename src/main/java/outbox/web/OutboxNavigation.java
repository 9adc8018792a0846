package outbox.web;

import java.util.List;

import org.springframework.stereotype.Component;

import platform.NavEntry;
import platform.NavEntry.Group;
import platform.NavigationContributor;
import platform.Role;

/** The outbox's admin pages in the console's navigation (the Admin menu's Delivery section). */
@Component
class OutboxNavigation implements NavigationContributor {

	@Override
	public List<NavEntry> navEntries() {
		return List.of(
				NavEntry.of(Group.ADMIN_DELIVERY, "nav-outbox", "Outbox", "/admin/outbox", Role.ADMIN, 10),
				NavEntry.of(Group.ADMIN_DELIVERY, "nav-dead-letters", "Dead letters", "/admin/outbox/dead-letters", Role.ADMIN, 20),
				NavEntry.of(Group.ADMIN_DELIVERY, "nav-events", "Events", "/admin/outbox/events", Role.ADMIN, 30));
	}
}
