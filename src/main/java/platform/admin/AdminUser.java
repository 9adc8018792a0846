package platform.admin;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A user as the tenant's admin sees it. {@code openAssignments} are the stages still waiting for
 * this user's decision; for a disabled user they are flagged (nobody will decide them as this user).
 */
public record AdminUser(String username, String displayName, String email, List<String> roles, List<String> groups,
		boolean enabled, Instant createdAt, List<String> openAssignments) {

	@JsonProperty("flagged")
	public boolean flagged() {
		return !enabled && !openAssignments.isEmpty();
	}
}
