package workflow.support;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

/** Column reading and parameter conversion shared by the workflow's repositories. */
public final class Rows {

	private Rows() {
	}

	public static Instant instant(ResultSet rs, String column) throws SQLException {
		OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
		return value == null ? null : value.toInstant();
	}

	public static UUID uuid(ResultSet rs, String column) throws SQLException {
		return rs.getObject(column, UUID.class);
	}

	public static Integer nullableInt(ResultSet rs, String column) throws SQLException {
		int value = rs.getInt(column);
		return rs.wasNull() ? null : value;
	}

	public static List<String> strings(ResultSet rs, String column) throws SQLException {
		Array array = rs.getArray(column);
		return array == null ? List.of() : List.of((String[]) array.getArray());
	}

	/** The PostgreSQL driver binds OffsetDateTime, not Instant. */
	public static OffsetDateTime timestamp(Instant instant) {
		return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
	}
}
