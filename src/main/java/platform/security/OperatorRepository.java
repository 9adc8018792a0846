package platform.security;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** {@code platform_operators}: the users granted the platform operator role in the database. */
@Repository
class OperatorRepository {

	private final JdbcClient jdbc;

	OperatorRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	boolean isOperator(String username) {
		return jdbc.sql("SELECT EXISTS (SELECT 1 FROM platform_operators WHERE username = :username)")
			.param("username", username)
			.query(Boolean.class)
			.single();
	}

	void grant(String username, String grantedBy) {
		jdbc.sql("INSERT INTO platform_operators (username, granted_by) VALUES (:username, :by) ON CONFLICT DO NOTHING")
			.param("username", username)
			.param("by", grantedBy)
			.update();
	}
}
