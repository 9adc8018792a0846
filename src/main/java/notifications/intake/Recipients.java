package notifications.intake;

import java.util.List;
import java.util.Optional;

import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

import platform.Role;
import platform.UserDirectory;
import platform.UserDirectory.DirectoryUser;

/**
 * Who a notification goes to, from the tenant's user directory (call inside its unit of work): an
 * enabled user with an email address, or the reason nobody gets it (disabled, unknown, no address).
 */
@Component
class Recipients {

	/** The user to write to, or why not ({@code user} is null then). */
	record Recipient(String username, DirectoryUser user, String skippedBecause) {

		String email() {
			return user == null ? null : user.email();
		}

		String displayName() {
			return user == null || !StringUtils.hasText(user.displayName()) ? username : user.displayName();
		}
	}

	private final UserDirectory users;

	Recipients(UserDirectory users) {
		this.users = users;
	}

	Recipient of(String username) {
		Optional<DirectoryUser> user = users.find(username);
		if (user.isEmpty()) {
			return new Recipient(username, null, users.disabled(List.of(username)).isEmpty()
					? "no user " + username + " in this tenant" : "the user is disabled");
		}
		if (!StringUtils.hasText(user.get().email())) {
			return new Recipient(username, null, "the user has no email address");
		}
		return new Recipient(username, user.get(), null);
	}

	/** The tenant's admins (usernames), whom trouble an admin repairs is told to. */
	List<String> admins() {
		return users.withRole(Role.ADMIN).stream().map(DirectoryUser::username).sorted().toList();
	}

	/** How a user is named in a mail body: the display name, else the username (null stays null). */
	String nameOf(String username) {
		if (username == null) {
			return null;
		}
		return users.find(username)
			.map(DirectoryUser::displayName)
			.filter(StringUtils::hasText)
			.orElse(username);
	}

	String tenantName(String tenantId) {
		return users.tenantName().orElse(tenantId);
	}
}
