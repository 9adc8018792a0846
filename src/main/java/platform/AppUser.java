package platform;

import java.util.Collection;
import java.util.List;
import java.util.Set;

import org.springframework.security.core.CredentialsContainer;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.UserDetails;

/** The signed-in user: exactly one tenant, its roles ({@code HR}, {@code APPROVER}, {@code ADMIN}) and groups. */
public final class AppUser implements UserDetails, CredentialsContainer {

	private final String username;
	private final String tenantId;
	private final String tenantName;
	private final String displayName;
	private final Set<Role> roles;
	private final Set<String> groups;
	private final boolean enabled;
	private String passwordHash;

	public AppUser(String username, String tenantId, String tenantName, String displayName, Set<Role> roles,
			Set<String> groups, boolean enabled, String passwordHash) {
		this.username = username;
		this.tenantId = tenantId;
		this.tenantName = tenantName;
		this.displayName = displayName;
		this.roles = Set.copyOf(roles);
		this.groups = Set.copyOf(groups);
		this.enabled = enabled;
		this.passwordHash = passwordHash;
	}

	public String tenantId() {
		return tenantId;
	}

	public String tenantName() {
		return tenantName;
	}

	public String displayName() {
		return displayName;
	}

	public Set<Role> roles() {
		return roles;
	}

	public Set<String> groups() {
		return groups;
	}

	public boolean hasRole(Role role) {
		return roles.contains(role);
	}

	@Override
	public String getUsername() {
		return username;
	}

	@Override
	public String getPassword() {
		return passwordHash;
	}

	@Override
	public boolean isEnabled() {
		return enabled;
	}

	@Override
	public Collection<? extends GrantedAuthority> getAuthorities() {
		List<GrantedAuthority> authorities = roles.stream()
			.sorted()
			.<GrantedAuthority>map(role -> new SimpleGrantedAuthority(role.authority()))
			.toList();
		return authorities;
	}

	@Override
	public void eraseCredentials() {
		passwordHash = null;
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof AppUser user && user.username.equals(username);
	}

	@Override
	public int hashCode() {
		return username.hashCode();
	}

	@Override
	public String toString() {
		return "AppUser[" + username + "@" + tenantId + "]";
	}
}
