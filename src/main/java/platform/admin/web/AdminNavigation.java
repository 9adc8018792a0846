package platform.admin.web;

import java.util.List;

import org.springframework.stereotype.Component;

import platform.NavEntry;
import platform.NavEntry.Group;
import platform.NavigationContributor;
import platform.Role;

/**
 * The platform's pages in the console's navigation: tenant administration (users, groups, single
 * sign-on, the second-factor policy, API tokens, audit), the operators' tenants, and everyone's
 * own second factor. They live in several rooms (admin, security, mfa, tenancy); one list keeps
 * the platform's share of the menu in one place.
 */
@Component
class AdminNavigation implements NavigationContributor {

	@Override
	public List<NavEntry> navEntries() {
		return List.of(
				NavEntry.of(Group.ADMIN_ACCESS, "nav-users", "Users", "/admin/users", Role.ADMIN, 10),
				NavEntry.of(Group.ADMIN_ACCESS, "nav-groups", "Groups", "/admin/groups", Role.ADMIN, 20),
				NavEntry.of(Group.ADMIN_ACCESS, "nav-sso", "Single sign-on", "/admin/sso", Role.ADMIN, 30),
				NavEntry.of(Group.ADMIN_ACCESS, "nav-two-factor-policy", "Two-factor policy", "/admin/two-factor", Role.ADMIN, 40),
				NavEntry.of(Group.ADMIN_ACCESS, "nav-api-tokens", "API tokens", "/admin/api-tokens", Role.ADMIN, 50),
				NavEntry.of(Group.ADMIN_ACCESS, "nav-audit", "Audit", "/admin/audit", Role.ADMIN, 60),
				NavEntry.forOperators(Group.ADMIN_PLATFORM, "nav-tenants", "Tenants", "/platform/tenants", 20),
				NavEntry.forEveryone(Group.ACCOUNT, "my-two-factor", "Two-factor sign-in", "/account/two-factor", 20));
	}
}
