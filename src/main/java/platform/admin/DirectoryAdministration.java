package platform.admin;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;

import platform.AppUser;
import platform.Cursors;
import platform.DirectoryReferences;
import platform.DomainException;
import platform.Page;
import platform.PlatformAudit;
import platform.Role;
import platform.TenantTransactions;
import platform.UserDirectory;
import platform.admin.DirectoryAdminRepository.UserRow;
import platform.admin.DirectoryCommands.NewUser;
import platform.admin.DirectoryCommands.UserChanges;

/**
 * The tenant admin's changes to users and groups. Every change runs in the admin's tenant unit of
 * work, under the tenant's directory lock, and writes an audit entry (who, what, before/after) in
 * the same transaction; a refusal writes nothing. A tenant always keeps an enabled ADMIN.
 */
@Service
public class DirectoryAdministration {

	public static final int DEFAULT_LIMIT = 25;
	private static final int MAX_LIMIT = 100;

	private final TenantTransactions transactions;
	private final DirectoryAdminRepository repository;
	private final UserDirectory directory;
	private final List<DirectoryReferences> references;
	private final PlatformAudit audit;
	private final PasswordEncoder encoder;
	private final PasswordPolicy passwords;

	DirectoryAdministration(TenantTransactions transactions, DirectoryAdminRepository repository, UserDirectory directory,
			List<DirectoryReferences> references, PlatformAudit audit, PasswordEncoder encoder,
			PasswordPolicy passwords) {
		this.passwords = passwords;
		this.transactions = transactions;
		this.repository = repository;
		this.directory = directory;
		this.references = references;
		this.audit = audit;
		this.encoder = encoder;
	}

	// ---- users

	public UserPage users(String tenantId, String query, String cursor, int limit) {
		if (limit < 1 || limit > MAX_LIMIT) {
			throw new DomainException.InvalidInput("limit", "must be between 1 and " + MAX_LIMIT);
		}
		String after = Cursors.decode(cursor, parts -> {
			if (parts.size() != 1) {
				throw new IllegalArgumentException("one part");
			}
			return parts.get(0);
		});
		String q = query == null || query.isBlank() ? null : query.strip();
		return transactions.readInTenant(tenantId, () -> {
			Page<UserRow> page = Page.of(repository.users(q, after, limit + 1), limit, row -> Cursors.encode(row.username()));
			return new UserPage(page.items().stream().map(this::withReferences).toList(), page.nextCursor());
		});
	}

	public AdminUser user(String tenantId, String username) {
		return transactions.readInTenant(tenantId, () -> withReferences(existing(username)));
	}

	public AdminUser create(AppUser actor, NewUser request) {
		List<Role> roles = roles(request.roles());
		String email = request.email().strip();
		hashable(request.password());
		return transactions.inTenant(actor.tenantId(), () -> {
			repository.lockDirectory();
			if (repository.user(request.username()).isPresent()) {
				throw new DomainException.Conflict("This tenant already has a user " + request.username() + ".");
			}
			if (repository.emailTaken(email, null)) {
				throw new DomainException.Conflict("Another user of this tenant has the email " + email + ".");
			}
			passwords.check(request.password());
			if (!repository.insertUser(request.username(), request.displayName().strip(), email,
					encoder.encode(request.password()))) {
				throw new DomainException.Conflict("This tenant already has a user " + request.username() + ".");
			}
			repository.replaceRoles(request.username(), roles);
			UserRow created = existing(request.username());
			audit.record(actor.getUsername(), "user.created", Map.of("subject", created.username(), "after", snapshot(created)));
			return withReferences(created);
		});
	}

	public AdminUser update(AppUser actor, String username, UserChanges changes) {
		List<Role> roles = changes.roles() == null ? null : roles(changes.roles());
		if (changes.password() != null) {
			hashable(changes.password());
		}
		return transactions.inTenant(actor.tenantId(), () -> {
			repository.lockDirectory();
			UserRow before = existing(username);
			String displayName = changes.displayName() == null ? before.displayName() : changes.displayName().strip();
			String email = changes.email() == null ? before.email() : changes.email().strip();
			if (displayName.isEmpty()) {
				throw new DomainException.InvalidInput("displayName", "must not be blank");
			}
			if (changes.email() != null && repository.emailTaken(email, username)) {
				throw new DomainException.Conflict("Another user of this tenant has the email " + email + ".");
			}
			if (roles != null && before.enabled() && before.roles().contains(Role.ADMIN.name())
					&& !roles.contains(Role.ADMIN)) {
				requireAnotherAdmin(username, "remove the ADMIN role of");
			}
			repository.updateProfile(username, displayName, email);
			if (roles != null) {
				repository.replaceRoles(username, roles);
				references.forEach(r -> r.approversAdded("roles of " + username + " changed", Set.of(username), Set.of()));
			}
			if (changes.password() != null) {
				passwords.check(changes.password());
				repository.updatePassword(username, encoder.encode(changes.password()));
			}
			UserRow after = existing(username);
			Map<String, Object> detail = new LinkedHashMap<>();
			detail.put("subject", username);
			detail.put("before", snapshot(before));
			detail.put("after", snapshot(after));
			detail.put("passwordReset", changes.password() != null);
			audit.record(actor.getUsername(), changes.password() != null && Objects.equals(snapshot(before), snapshot(after))
					? "user.password_reset" : "user.updated", detail);
			return withReferences(after);
		});
	}

	public AdminUser setEnabled(AppUser actor, String username, boolean enabled) {
		return transactions.inTenant(actor.tenantId(), () -> {
			repository.lockDirectory();
			UserRow before = existing(username);
			if (before.enabled() == enabled) {
				return withReferences(before);
			}
			if (!enabled && before.roles().contains(Role.ADMIN.name())) {
				requireAnotherAdmin(username, "disable");
			}
			repository.setEnabled(username, enabled);
			if (enabled) {
				references.forEach(r -> r.approversAdded("user " + username + " enabled", Set.of(username), Set.of()));
			}
			else {
				references.forEach(r -> r.approversRemoved("user " + username + " disabled", Set.of(username), Set.of()));
			}
			AdminUser after = withReferences(existing(username));
			Map<String, Object> detail = new LinkedHashMap<>();
			detail.put("subject", username);
			detail.put("before", Map.of("enabled", before.enabled()));
			detail.put("after", Map.of("enabled", enabled));
			detail.put("openAssignments", after.openAssignments());
			audit.record(actor.getUsername(), enabled ? "user.enabled" : "user.disabled", detail);
			return after;
		});
	}

	/** The open work that disabling {@code username} would leave with nobody to decide it (the confirm page lists it). */
	public List<DirectoryReferences.Reference> strandedBy(String tenantId, String username) {
		return transactions.readInTenant(tenantId, () -> {
			existing(username);
			return references.stream().flatMap(r -> r.strandedWithout(username).stream()).toList();
		});
	}

	// ---- groups

	public List<AdminGroup> groups(String tenantId) {
		return transactions.readInTenant(tenantId, () -> repository.groups().stream().map(this::group).toList());
	}

	public AdminGroup group(String tenantId, String name) {
		return transactions.readInTenant(tenantId, () -> group(existingGroup(name)));
	}

	public AdminGroup createGroup(AppUser actor, String name) {
		return transactions.inTenant(actor.tenantId(), () -> {
			repository.lockDirectory();
			if (!repository.insertGroup(name)) {
				throw new DomainException.Conflict("This tenant already has a group " + name + ".");
			}
			audit.record(actor.getUsername(), "group.created", Map.of("subject", name, "after", Map.of("name", name)));
			return group(name);
		});
	}

	/**
	 * Renames a group and its memberships. Refused while something still names the group (a
	 * definition's stage, an open stage): those would lose their approvers.
	 */
	public AdminGroup renameGroup(AppUser actor, String name, String newName) {
		return transactions.inTenant(actor.tenantId(), () -> {
			repository.lockDirectory();
			existingGroup(name);
			if (name.equals(newName)) {
				return group(name);
			}
			if (repository.groupExists(newName)) {
				throw new DomainException.Conflict("This tenant already has a group " + newName + ".");
			}
			List<String> uses = references.stream().flatMap(r -> r.groupReferences(name).stream()).toList();
			if (!uses.isEmpty()) {
				throw new DomainException.Conflict("Group " + name + " cannot be renamed while it is named by: "
						+ String.join("; ", uses) + ". Change those first.");
			}
			repository.renameGroup(name, newName);
			audit.record(actor.getUsername(), "group.renamed", Map.of("subject", newName,
					"before", Map.of("name", name), "after", Map.of("name", newName)));
			return group(newName);
		});
	}

	public AdminGroup addMember(AppUser actor, String group, String username) {
		return changeMembership(actor, group, username, true);
	}

	public AdminGroup removeMember(AppUser actor, String group, String username) {
		return changeMembership(actor, group, username, false);
	}

	private AdminGroup changeMembership(AppUser actor, String group, String username, boolean add) {
		return transactions.inTenant(actor.tenantId(), () -> {
			repository.lockDirectory();
			existingGroup(group);
			existing(username);
			List<String> before = repository.members(group);
			boolean changed = add ? repository.addMember(group, username) : repository.removeMember(group, username);
			if (changed && add) {
				references.forEach(r -> r.approversAdded(username + " added to group " + group, Set.of(username), Set.of(group)));
			}
			else if (changed) {
				references.forEach(r -> r.approversRemoved(username + " removed from group " + group, Set.of(username),
						Set.of(group)));
			}
			if (changed) {
				Map<String, Object> detail = new LinkedHashMap<>();
				detail.put("subject", group);
				detail.put("member", username);
				detail.put("before", Map.of("members", before));
				detail.put("after", Map.of("members", repository.members(group)));
				audit.record(actor.getUsername(), add ? "group.member_added" : "group.member_removed", detail);
			}
			return group(group);
		});
	}

	// ---- helpers

	private void requireAnotherAdmin(String username, String what) {
		if (repository.otherEnabledAdmins(username) == 0) {
			throw new DomainException.Conflict("You cannot " + what + " " + username
					+ ": they are the last enabled ADMIN of this tenant. Make another user ADMIN first.");
		}
	}

	private UserRow existing(String username) {
		return repository.user(username).orElseThrow(() -> new DomainException.NotFound("No user " + username + "."));
	}

	private String existingGroup(String name) {
		if (!repository.groupExists(name)) {
			throw new DomainException.NotFound("No group " + name + ".");
		}
		return name;
	}

	private AdminGroup group(String name) {
		return new AdminGroup(name, repository.members(name), directory.eligibleApprovers(name));
	}

	private AdminUser withReferences(UserRow row) {
		List<String> open = references.stream().flatMap(r -> r.openAssignments(row.username()).stream()).toList();
		return new AdminUser(row.username(), row.displayName(), row.email(), row.roles(), row.groups(), row.enabled(),
				row.createdAt(), open);
	}

	private static Map<String, Object> snapshot(UserRow row) {
		Map<String, Object> snapshot = new LinkedHashMap<>();
		snapshot.put("displayName", row.displayName());
		snapshot.put("email", row.email());
		snapshot.put("roles", row.roles());
		snapshot.put("enabled", row.enabled());
		return snapshot;
	}

	/**
	 * The roles named in a request, none allowed (a user without a role requests access and sees their
	 * own, as every employee); an unknown name is the caller's mistake.
	 */
	static List<Role> roles(List<String> names) {
		Set<Role> roles = EnumSet.noneOf(Role.class);
		List<String> unknown = new ArrayList<>();
		for (String name : names) {
			try {
				roles.add(Role.valueOf(String.valueOf(name).strip()));
			}
			catch (IllegalArgumentException e) {
				unknown.add(String.valueOf(name));
			}
		}
		if (!unknown.isEmpty()) {
			throw new DomainException.InvalidInput("roles", "must each be one of HR, APPROVER, ADMIN (or none)");
		}
		return List.copyOf(roles);
	}

	/** bcrypt takes at most 72 bytes: a longer password (in UTF-8) is refused rather than failing the hash. */
	private static void hashable(String password) {
		if (password != null && password.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > 72) {
			throw new DomainException.InvalidInput("password", "must be at most 72 bytes (in UTF-8)");
		}
	}
}
