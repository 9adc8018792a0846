package platform;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

import org.springframework.security.core.CredentialsContainer;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.UserDetails;

/**
 * The signed-in user: exactly one tenant, its roles ({@code HR}, {@code APPROVER}, {@code ADMIN}) and
 * groups. A platform {@link #operator()} additionally holds {@code ROLE_OPERATOR}: not a tenant role,
 * it allows the jobs that work across every tenant.
 */
public final class AppUser implements UserDetails, CredentialsContainer {

	/** The Spring Security role of platform operators ({@code ROLE_OPERATOR}); see {@link OperatorOnly}. */
	public static final String OPERATOR = "OPERATOR";

	private final String username;
	private final String tenantId;
	private final String tenantName;
	private final String displayName;
	private final Set<Role> roles;
	private final Set<String> groups;
	private final boolean enabled;
	private final boolean operator;
	private String passwordHash;

	public AppUser(String username, String tenantId, String tenantName, String displayName, Set<Role> roles,
			Set<String> groups, boolean enabled, String passwordHash) {
		this(username, tenantId, tenantName, displayName, roles, groups, enabled, passwordHash, false);
	}

	public AppUser(String username, String tenantId, String tenantName, String displayName, Set<Role> roles,
			Set<String> groups, boolean enabled, String passwordHash, boolean operator) {
		this.operator = operator;
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

	/** A platform operator (the bootstrap admin, {@code JMLHUB_OPERATORS}): may see and run cross-tenant jobs. */
	public boolean operator() {
		return operator;
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
		List<GrantedAuthority> authorities = new ArrayList<>(roles.stream()
			.sorted()
			.<GrantedAuthority>map(role -> new SimpleGrantedAuthority(role.authority()))
			.toList());
		if (operator) {
			authorities.add(new SimpleGrantedAuthority("ROLE_" + OPERATOR));
		}
		return List.copyOf(authorities);
	}

	@Override
	public void eraseCredentials() {
		passwordHash = null;
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof AppUser user && user.username.equals(username) && user.tenantId.equals(tenantId);
	}

	@Override
	public int hashCode() {
		return 31 * tenantId.hashCode() + username.hashCode();
	}

	@Override
	public String toString() {
		return "AppUser[" + username + "@" + tenantId + "]";
	}
}
