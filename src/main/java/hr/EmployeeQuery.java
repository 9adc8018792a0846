package hr;

/** List filters; all optional. {@code q} searches name and email. */
public record EmployeeQuery(EmployeeStatus status, String department, String q, String cursor, int limit) {

	public static final int DEFAULT_LIMIT = 20;
	public static final int MAX_LIMIT = 100;

	public EmployeeQuery {
		limit = limit <= 0 ? DEFAULT_LIMIT : Math.min(limit, MAX_LIMIT);
		department = blankToNull(department);
		q = blankToNull(q);
		cursor = blankToNull(cursor);
	}

	private static String blankToNull(String value) {
		return value == null || value.isBlank() ? null : value.strip();
	}
}
