package platform;

import java.util.Collection;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a user may do in their tenant. The name is the stable value in the database
 * ({@code app_user_roles.role}) and in Spring Security ({@code ROLE_<name>}).
 */
public enum Role {

	/** Acts on the stages assigned to them. */
	APPROVER,
	/** Hires, transfers and offboards employees; returns, resubmits and withdraws runs. */
	HR,
	/** Users, groups, definitions, outbox backlog, dead letters and jobs of the tenant. */
	ADMIN;

	public String authority() {
		return "ROLE_" + name();
	}

	/** The roles named in {@code names} (database values); an unknown name is a data error. */
	public static Set<Role> of(Collection<String> names) {
		Set<Role> roles = EnumSet.noneOf(Role.class);
		names.forEach(name -> roles.add(valueOf(name)));
		return roles;
	}
}
