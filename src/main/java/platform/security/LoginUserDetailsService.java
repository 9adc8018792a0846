package platform.security;


import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.stereotype.Component;

import platform.AppUser;

/** Finds a login across tenants through the {@code auth_find_login} SECURITY DEFINER function. */
@Component
class LoginUserDetailsService implements UserDetailsService {

	private final JdbcClient jdbc;
	private final PlatformOperators operators;

	LoginUserDetailsService(JdbcClient jdbc, PlatformOperators operators) {
		this.jdbc = jdbc;
		this.operators = operators;
	}

	@Override
	public UserDetails loadUserByUsername(String username) {
		return jdbc.sql("SELECT * FROM auth_find_login(:username)")
			.param("username", username)
			.query((rs, row) -> new AppUser(rs.getString("username"), rs.getString("tenant_id"),
					rs.getString("tenant_name"), rs.getString("display_name"), SqlArrays.roles(rs.getArray("roles")),
					SqlArrays.strings(rs.getArray("groups")), rs.getBoolean("enabled"), rs.getString("password_hash"),
					operators.isOperator(rs.getString("username"))))
			.optional()
			.orElseThrow(() -> new UsernameNotFoundException("unknown user"));
	}
}
