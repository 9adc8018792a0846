package platform.security;

import java.sql.Array;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

import platform.Role;

/** PostgreSQL {@code text[]} columns of the user queries as Java sets. */
final class SqlArrays {

	private SqlArrays() {
	}

	static Set<String> strings(Array array) throws SQLException {
		return array == null ? Set.of() : Set.of((String[]) array.getArray());
	}

	static Set<Role> roles(Array array) throws SQLException {
		return array == null ? Set.of() : Role.of(List.of((String[]) array.getArray()));
	}
}
