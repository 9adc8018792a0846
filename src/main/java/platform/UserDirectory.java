package platform;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Read access to the users and groups of the tenant of the current unit of work
 * ({@link TenantTransactions}); row-level security keeps other tenants invisible.
 */
public interface UserDirectory {

	Optional<DirectoryUser> find(String username);

	/**
	 * The enabled user whose email is {@code email} (case-insensitive; the first by username when
	 * several share it): how an employee, known to HR by work email, is linked to a user.
	 */
	Optional<DirectoryUser> findByEmail(String email);

	/** The enabled users among {@code usernames}, in one look-up (a page names many people). */
	List<DirectoryUser> findAll(Collection<String> usernames);

	/** Those of {@code usernames} that are users of the tenant but disabled (a person shown as "disabled"). */
	default List<String> disabled(Collection<String> usernames) {
		return List.of();
	}

	/** The display names of those of {@code usernames} that are users of the tenant, enabled or disabled. */
	default Map<String, String> displayNames(Collection<String> usernames) {
		return findAll(usernames).stream().collect(Collectors.toMap(DirectoryUser::username, DirectoryUser::displayName));
	}

	/** The display name of the tenant of the current unit of work (what mail and pages call it). */
	default Optional<String> tenantName() {
		return Optional.empty();
	}

	/** Enabled users holding {@code role}, sorted by username. */
	List<DirectoryUser> withRole(Role role);

	/** Usernames of the enabled members of {@code group}, sorted. */
	List<String> groupMembers(String group);

	/** Every group of the tenant (also those without members), sorted. */
	List<String> groups();

	/** The enabled APPROVERs of {@code group}: who may decide a stage assigned to it. */
	default List<String> eligibleApprovers(String group) {
		return groupMembers(group).stream()
			.filter(username -> find(username).map(user -> user.hasRole(Role.APPROVER)).orElse(false))
			.toList();
	}

	record DirectoryUser(String username, String displayName, String email, Set<Role> roles, Set<String> groups) {

		public boolean hasRole(Role role) {
			return roles.contains(role);
		}
	}
}
