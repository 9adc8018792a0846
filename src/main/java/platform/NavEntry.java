package platform;

import java.util.Objects;

/**
 * One link of the console's navigation, contributed by the module whose page it opens (see
 * {@link NavigationContributor}); the layout groups and orders them and shows each user the entries
 * their roles allow.
 *
 * @param group where the link sits: the work links in the bar, the admin pages in the one Admin
 *        menu (by section), the account links next to the user's name
 * @param id the link's element id (tests and htmx swaps address it)
 * @param label what the link says
 * @param path the page it opens (application-relative, e.g. {@code /inbox})
 * @param requiredRole the role that sees it; null when {@link #operatorOnly} or for every signed-in user
 * @param operatorOnly only platform operators see it ({@link AppUser#operator()})
 * @param order the position within its group, smallest first
 * @param badgeKey the model attribute holding the link's count badge (null: none; the attribute
 *        is absent or null when there is nothing to count)
 * @param anyRole the holders of any tenant role see it (not a user without a role); with no
 *        {@code requiredRole}
 */
public record NavEntry(Group group, String id, String label, String path, Role requiredRole, boolean operatorOnly,
		int order, String badgeKey, boolean anyRole) {

	/** Where an entry sits; the admin groups are the sections of the Admin menu, in this order. */
	public enum Group {

		/** The user's daily work, in the bar itself. */
		WORK(null),
		/** Admin menu: the runs of the tenant and how they are defined. */
		ADMIN_WORKFLOW("Workflow"),
		/** Admin menu: delivering events to other systems. */
		ADMIN_DELIVERY("Delivery"),
		/** Admin menu: who may sign in and what they may do. */
		ADMIN_ACCESS("People and access"),
		/** Admin menu: operators' pages across every tenant. */
		ADMIN_PLATFORM("Platform"),
		/** Next to the user's name: their own settings. */
		ACCOUNT(null);

		private final String heading;

		Group(String heading) {
			this.heading = heading;
		}

		/** The section's heading in the Admin menu; null outside it. */
		public String heading() {
			return heading;
		}

		public boolean admin() {
			return heading != null;
		}
	}

	public NavEntry {
		Objects.requireNonNull(group, "group");
		Objects.requireNonNull(id, "id");
		Objects.requireNonNull(label, "label");
		if (path == null || !path.startsWith("/")) {
			throw new IllegalArgumentException("A nav entry's path starts with /: " + path);
		}
		if (operatorOnly && requiredRole != null) {
			throw new IllegalArgumentException("An operator's entry needs no role: " + id);
		}
		if (anyRole && (operatorOnly || requiredRole != null)) {
			throw new IllegalArgumentException("An entry for any role names no role and is not an operator's: " + id);
		}
	}

	/** An entry without {@code anyRole}. */
	public NavEntry(Group group, String id, String label, String path, Role requiredRole, boolean operatorOnly, int order,
			String badgeKey) {
		this(group, id, label, path, requiredRole, operatorOnly, order, badgeKey, false);
	}

	/** An entry for the holders of {@code role}. */
	public static NavEntry of(Group group, String id, String label, String path, Role role, int order) {
		return new NavEntry(group, id, label, path, Objects.requireNonNull(role, "role"), false, order, null);
	}

	/** An entry for every signed-in user. */
	public static NavEntry forEveryone(Group group, String id, String label, String path, int order) {
		return new NavEntry(group, id, label, path, null, false, order, null);
	}

	/** An entry for the holders of any tenant role, not for a user without one. */
	public static NavEntry forRoleHolders(Group group, String id, String label, String path, int order) {
		return new NavEntry(group, id, label, path, null, false, order, null, true);
	}

	/** An entry for platform operators only. */
	public static NavEntry forOperators(Group group, String id, String label, String path, int order) {
		return new NavEntry(group, id, label, path, null, true, order, null);
	}

	/** This entry with the count badge held in the model attribute {@code key}. */
	public NavEntry withBadge(String key) {
		return new NavEntry(group, id, label, path, requiredRole, operatorOnly, order, key, anyRole);
	}

	/** Whether {@code user} sees this entry. */
	public boolean visibleTo(AppUser user) {
		if (operatorOnly) {
			return user.operator();
		}
		if (anyRole) {
			return !user.roles().isEmpty();
		}
		return requiredRole == null || user.hasRole(requiredRole);
	}

	/** The badge's element id: the key in kebab case ({@code inboxCount} → {@code inbox-count}). */
	public String badgeId() {
		return badgeKey == null ? null : badgeKey.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
	}
}
