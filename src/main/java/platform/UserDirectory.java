package platform;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Read access to the users and groups of the tenant of the current unit of work
 * ({@link TenantTransactions}); row-level security keeps other tenants invisible.
 */
public interface UserDirectory {

	Optional<DirectoryUser> find(String username);

	/** Enabled users holding {@code role}, sorted by username. */
	List<DirectoryUser> withRole(Role role);

	/** Usernames in {@code group}, sorted. */
	List<String> groupMembers(String group);

	record DirectoryUser(String username, String displayName, String email, Set<Role> roles, Set<String> groups) {

		public boolean hasRole(Role role) {
			return roles.contains(role);
		}
	}
}
