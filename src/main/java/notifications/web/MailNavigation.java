package notifications.web;

import java.util.List;

import org.springframework.stereotype.Component;

import platform.NavEntry;
import platform.NavEntry.Group;
import platform.NavigationContributor;
import platform.Role;

/**
 * The Mail page in the console's navigation (the Admin menu's Delivery section, after the outbox's
 * pages), and every user's own notification preferences in the user's menu.
 */
@Component
class MailNavigation implements NavigationContributor {

	@Override
	public List<NavEntry> navEntries() {
		return List.of(NavEntry.of(Group.ADMIN_DELIVERY, "nav-mail", "Mail", "/admin/mail", Role.ADMIN, 40),
				NavEntry.forEveryone(Group.ACCOUNT, "my-notifications", "My notifications", "/me/notifications", 15));
	}
}
