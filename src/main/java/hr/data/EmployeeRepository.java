package hr.data;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import hr.Employee;
import hr.EmployeeQuery;
import hr.EmployeeStatus;
import platform.Page;
import platform.Cursors;

/** The {@code employees} table. Callers run inside a tenant unit of work; RLS scopes every statement. */
@Repository
public class EmployeeRepository {

	private static final String COLUMNS = """
			id, employee_number, display_name, email, department, manager, title, location, cost_centre, start_date, status,
			last_day, version, created_at, updated_at""";

	private final JdbcClient jdbc;

	EmployeeRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	public Employee insert(String tenantId, Employee employee) {
		return jdbc.sql("""
				INSERT INTO employees (id, tenant_id, employee_number, display_name, email, department, manager, title,
				    location, cost_centre, start_date, status)
				VALUES (:id, :tenant, :number, :displayName, :email, :department, :manager, :title, :location, :costCentre,
				    :startDate, :status)
				""" + " RETURNING " + COLUMNS)
			.param("id", employee.id())
			.param("tenant", tenantId)
			.param("number", employee.employeeNumber())
			.param("location", employee.location())
			.param("costCentre", employee.costCentre())
			.param("displayName", employee.displayName())
			.param("email", employee.email())
			.param("department", employee.department())
			.param("manager", employee.manager())
			.param("title", employee.title())
			.param("startDate", employee.startDate())
			.param("status", employee.status().value())
			.query(EmployeeRepository::employee)
			.single();
	}

	/**
	 * Inserts several new employees in one statement (an import's chunk of hires), as {@link #insert}
	 * does each; the inserted rows in no particular order.
	 */
	public List<Employee> insertAll(String tenantId, List<Employee> employees) {
		if (employees.isEmpty()) {
			return List.of();
		}
		return jdbc.sql("""
				INSERT INTO employees (id, tenant_id, employee_number, display_name, email, department, manager, title,
				    location, cost_centre, start_date, status)
				SELECT e.id, :tenant, e.number, e.name, e.email, e.department, e.manager, e.title, e.location, e.cost_centre,
				    e.start_date, e.status
				FROM unnest(:ids, :numbers, :names, :emails, :departments, :managers, :titles, :locations, :costCentres,
				            :startDates, :statuses)
				    AS e (id, number, name, email, department, manager, title, location, cost_centre, start_date, status)
				""" + " RETURNING " + COLUMNS)
			.param("tenant", tenantId)
			.param("ids", array("uuid", employees, Employee::id))
			.param("numbers", array("text", employees, Employee::employeeNumber))
			.param("names", array("text", employees, Employee::displayName))
			.param("emails", array("text", employees, Employee::email))
			.param("departments", array("text", employees, Employee::department))
			.param("managers", array("text", employees, Employee::manager))
			.param("titles", array("text", employees, Employee::title))
			.param("locations", array("text", employees, Employee::location))
			.param("costCentres", array("text", employees, Employee::costCentre))
			.param("startDates", array("date", employees, Employee::startDate))
			.param("statuses", array("text", employees, e -> e.status().value()))
			.query(EmployeeRepository::employee)
			.list();
	}

	/**
	 * Writes several employees as {@link #write} does each, in one statement (an import's chunk of
	 * changes); {@code rehires} are the ids among them that a rehire makes pre-hires again. The
	 * written rows in no particular order.
	 */
	public List<Employee> writeAll(List<Employee> next, java.util.Set<UUID> rehires) {
		if (next.isEmpty()) {
			return List.of();
		}
		return jdbc.sql("""
				UPDATE employees e SET employee_number = n.number, display_name = n.name, email = n.email,
				    department = n.department, manager = n.manager, title = n.title, location = n.location,
				    cost_centre = n.cost_centre, start_date = n.start_date, last_day = n.last_day, status = n.status,
				    status_before_leaving = CASE WHEN n.rehire THEN NULL
				        WHEN n.status = 'leaving' AND e.status <> 'leaving' THEN e.status ELSE e.status_before_leaving END,
				    access_revoked_at = CASE WHEN n.rehire THEN NULL ELSE e.access_revoked_at END,
				    version = e.version + 1, updated_at = now()
				FROM unnest(:ids, :numbers, :names, :emails, :departments, :managers, :titles, :locations, :costCentres,
				            :startDates, :lastDays, :statuses, :rehires)
				    AS n (id, number, name, email, department, manager, title, location, cost_centre, start_date, last_day,
				          status, rehire)
				WHERE e.id = n.id""" + " RETURNING " + prefixed("e."))
			.param("ids", array("uuid", next, Employee::id))
			.param("numbers", array("text", next, Employee::employeeNumber))
			.param("names", array("text", next, Employee::displayName))
			.param("emails", array("text", next, Employee::email))
			.param("departments", array("text", next, Employee::department))
			.param("managers", array("text", next, Employee::manager))
			.param("titles", array("text", next, Employee::title))
			.param("locations", array("text", next, Employee::location))
			.param("costCentres", array("text", next, Employee::costCentre))
			.param("startDates", array("date", next, Employee::startDate))
			.param("lastDays", array("date", next, Employee::lastDay))
			.param("statuses", array("text", next, e -> e.status().value()))
			.param("rehires", array("boolean", next, e -> rehires.contains(e.id())))
			.query(EmployeeRepository::employee)
			.list();
	}

	/** Locks the employees among {@code ids} (in id order, so that two such batches never deadlock). */
	public List<Employee> findForUpdate(Collection<UUID> ids) {
		if (ids.isEmpty()) {
			return List.of();
		}
		// a join, not "= ANY": see findByNumbers
		return jdbc.sql("SELECT " + prefixed("e.")
				+ " FROM unnest(CAST(:ids AS uuid[])) AS i (id) JOIN employees e ON e.id = i.id ORDER BY e.id FOR UPDATE OF e")
			.param("ids", new SqlArrayValue("uuid", ids.toArray()))
			.query(EmployeeRepository::employee)
			.list();
	}

	/** Which of {@code emails} (lower case) an employee of the current tenant has, whatever its case. */
	public java.util.Set<String> emailsTaken(Collection<String> emails) {
		if (emails.isEmpty()) {
			return java.util.Set.of();
		}
		// a join, not "= ANY": see findByNumbers
		return new java.util.HashSet<>(jdbc.sql("""
				SELECT e.email_key FROM unnest(CAST(:emails AS text[])) AS x (email)
				JOIN employees e ON e.email_key = x.email""")
			.param("emails", new SqlArrayValue("text", emails.stream().map(e -> e.toLowerCase(java.util.Locale.ROOT)).toArray()))
			.query(String.class)
			.list());
	}

	private static <T> SqlArrayValue array(String type, List<T> items, java.util.function.Function<T, ?> value) {
		return new SqlArrayValue(type, items.stream().map(value).toArray());
	}

	private static String prefixed(String alias) {
		return java.util.Arrays.stream(COLUMNS.split(","))
			.map(String::strip)
			.map(column -> alias + column)
			.collect(java.util.stream.Collectors.joining(", "));
	}

	/**
	 * The manager (a username) of the employee whose work email is {@code email}, among those not
	 * gone or cancelled; the most recently created one when a person was hired again.
	 */
	public Optional<String> managerByEmail(String email) {
		return jdbc.sql("""
				SELECT manager FROM employees
				WHERE email_key = lower(:email) AND manager IS NOT NULL AND status NOT IN ('left', 'cancelled')
				ORDER BY created_at DESC LIMIT 1""")
			.param("email", email)
			.query(String.class)
			.optional();
	}

	/** The employee (of the current tenant) whose employee number is {@code number}. */
	public Optional<Employee> findByNumber(String number) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM employees WHERE employee_number = :number")
			.param("number", number)
			.query(EmployeeRepository::employee)
			.optional();
	}

	/** The employee (of the current tenant) whose work email is {@code email}, whatever its case. */
	public Optional<Employee> findByEmail(String email) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM employees WHERE email_key = lower(:email) ORDER BY created_at DESC LIMIT 1")
			.param("email", email)
			.query(EmployeeRepository::employee)
			.optional();
	}

	/** Rows {@code offset} to {@code offset + limit} of the tenant's employees in a stable order (SCIM's startIndex/count). */
	public List<Employee> slice(long offset, int limit) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM employees ORDER BY created_at, id OFFSET :offset LIMIT :limit")
			.param("offset", offset)
			.param("limit", limit)
			.query(EmployeeRepository::employee)
			.list();
	}

	public long count() {
		return jdbc.sql("SELECT count(*) FROM employees").query(Long.class).single();
	}

	/** The employees of the current tenant among {@code numbers}, in one statement (an import's batch). */
	public List<Employee> findByNumbers(Collection<String> numbers) {
		if (numbers.isEmpty()) {
			return List.of();
		}
		// a join, not "= ANY": with a generic plan (or statistics not yet caught up with a big import) the
		// array would be searched once per employee of the tenant
		return jdbc.sql("SELECT " + prefixed("e.")
				+ " FROM unnest(CAST(:numbers AS text[])) AS n (number) JOIN employees e ON e.employee_number = n.number")
			.param("numbers", new SqlArrayValue("text", numbers.toArray()))
			.query(EmployeeRepository::employee)
			.list();
	}

	/**
	 * Up to {@code limit} employees with an employee number after {@code after} (null: from the
	 * first), by number, who are employed or about to be and have no last day: those a source sync
	 * offboards when its file no longer lists them.
	 */
	public List<Employee> employedByNumber(String after, int limit) {
		return jdbc.sql("SELECT " + COLUMNS + """
				 FROM employees WHERE status IN ('pre_hire', 'pending_start', 'active') AND last_day IS NULL
				    AND employee_number IS NOT NULL AND (CAST(:after AS text) IS NULL OR employee_number > :after)
				ORDER BY employee_number LIMIT :limit""")
			.param("after", after)
			.param("limit", limit)
			.query(EmployeeRepository::employee)
			.list();
	}

	/** How many of the tenant's employees are employed or about to be (not left, not cancelled, not leaving). */
	public int countEmployed() {
		return jdbc.sql("SELECT count(*) FROM employees WHERE status IN ('pre_hire', 'pending_start', 'active')")
			.query(Integer.class)
			.single();
	}

	/** Whether another employee than {@code self} (null: any) has the number. */
	public boolean numberTaken(String number, UUID self) {
		return jdbc.sql("""
				SELECT EXISTS (SELECT 1 FROM employees WHERE employee_number = :number
				               AND (CAST(:self AS uuid) IS NULL OR id <> :self))""")
			.param("number", number)
			.param("self", self)
			.query(Boolean.class)
			.single();
	}

	/** Whether another employee than {@code self} has the email. */
	public boolean emailTakenByOther(String email, UUID self) {
		return jdbc.sql("SELECT EXISTS (SELECT 1 FROM employees WHERE email_key = lower(:email) AND id <> :self)")
			.param("email", email)
			.param("self", self)
			.query(Boolean.class)
			.single();
	}

	public boolean emailTaken(String email) {
		return jdbc.sql("SELECT EXISTS (SELECT 1 FROM employees WHERE email_key = lower(:email))")
			.param("email", email)
			.query(Boolean.class)
			.single();
	}

	/** Locks the row for the rest of the transaction so concurrent writes serialise. */
	public Optional<Employee> findForUpdate(UUID id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM employees WHERE id = :id FOR UPDATE")
			.param("id", id)
			.query(EmployeeRepository::employee)
			.optional();
	}

	public Optional<Employee> find(UUID id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM employees WHERE id = :id")
			.param("id", id)
			.query(EmployeeRepository::employee)
			.optional();
	}

	public Employee transfer(UUID id, String department, String manager) {
		return jdbc.sql("""
				UPDATE employees SET department = :department, manager = :manager, version = version + 1, updated_at = now()
				WHERE id = :id """ + " RETURNING " + COLUMNS)
			.param("id", id)
			.param("department", department)
			.param("manager", manager)
			.query(EmployeeRepository::employee)
			.single();
	}

	/** Offboarding: {@code leaving} as of {@code lastDay}, remembering the status a cancellation returns to. */
	public Employee offboard(UUID id, LocalDate lastDay) {
		return jdbc.sql("""
				UPDATE employees SET status = 'leaving', status_before_leaving = status, last_day = :lastDay,
				    access_revoked_at = NULL, version = version + 1, updated_at = now()
				WHERE id = :id """ + " RETURNING " + COLUMNS)
			.param("id", id)
			.param("lastDay", lastDay)
			.query(EmployeeRepository::employee)
			.single();
	}

	/** A cancelled offboarding: back to the status before leaving, without a last day. */
	public Employee cancelOffboarding(UUID id) {
		return jdbc.sql("""
				UPDATE employees SET status = coalesce(status_before_leaving, 'active'), status_before_leaving = NULL,
				    last_day = NULL, access_revoked_at = NULL, version = version + 1, updated_at = now()
				WHERE id = :id AND status = 'leaving' """ + " RETURNING " + COLUMNS)
			.param("id", id)
			.query(EmployeeRepository::employee)
			.single();
	}

	/**
	 * Writes the employee's HR attributes as {@code next} has them (its status too: a rehire makes a
	 * left employee a pre-hire, forgetting its former leaving), one version on.
	 */
	public Employee write(Employee next, boolean rehire) {
		return jdbc.sql("""
				UPDATE employees SET employee_number = :number, display_name = :displayName, email = :email,
				    department = :department, manager = :manager, title = :title, location = :location,
				    cost_centre = :costCentre, start_date = :startDate, last_day = :lastDay, status = :status,
				    status_before_leaving = CASE WHEN :rehire THEN NULL
				        WHEN :status = 'leaving' AND status <> 'leaving' THEN status ELSE status_before_leaving END,
				    access_revoked_at = CASE WHEN :rehire THEN NULL ELSE access_revoked_at END,
				    version = version + 1, updated_at = now()
				WHERE id = :id """ + " RETURNING " + COLUMNS)
			.param("id", next.id())
			.param("number", next.employeeNumber())
			.param("displayName", next.displayName())
			.param("email", next.email())
			.param("department", next.department())
			.param("manager", next.manager())
			.param("title", next.title())
			.param("location", next.location())
			.param("costCentre", next.costCentre())
			.param("startDate", next.startDate())
			.param("lastDay", next.lastDay())
			.param("status", next.status().value())
			.param("rehire", rehire)
			.query(EmployeeRepository::employee)
			.single();
	}

	/**
	 * The joiner run completed: a pre-hire becomes active when its start date has come by
	 * {@code today}, pending_start otherwise (also when it is leaving meanwhile: then the status it
	 * returns to). False when the employee was not a pre-hire.
	 */
	public boolean joinerCompleted(UUID id, LocalDate today) {
		return jdbc.sql("""
				UPDATE employees SET
				    status = CASE WHEN status = 'pre_hire'
				        THEN CASE WHEN start_date <= :today THEN 'active' ELSE 'pending_start' END ELSE status END,
				    status_before_leaving = CASE WHEN status_before_leaving = 'pre_hire'
				        THEN CASE WHEN start_date <= :today THEN 'active' ELSE 'pending_start' END
				        ELSE status_before_leaving END,
				    version = version + 1, updated_at = now()
				WHERE id = :id AND (status = 'pre_hire' OR (status = 'leaving' AND status_before_leaving = 'pre_hire'))""")
			.param("id", id)
			.param("today", today)
			.update() > 0;
	}

	/** The joiner run was rejected: a pre-hire's hire is cancelled. False when it was not a pre-hire. */
	public boolean hireCancelled(UUID id) {
		return jdbc.sql("""
				UPDATE employees SET status = 'cancelled', version = version + 1, updated_at = now()
				WHERE id = :id AND status = 'pre_hire'""")
			.param("id", id)
			.update() > 0;
	}

	/**
	 * The leaver run completed: a leaving employee has left when the revocation was reported
	 * already, otherwise its access is ending. False when it was not leaving.
	 */
	public boolean leaverCompleted(UUID id) {
		return jdbc.sql("""
				UPDATE employees SET
				    status = CASE WHEN access_revoked_at IS NULL THEN 'access_ending' ELSE 'left' END,
				    status_before_leaving = NULL, version = version + 1, updated_at = now()
				WHERE id = :id AND status = 'leaving'""")
			.param("id", id)
			.update() > 0;
	}

	/**
	 * Provisioning took the access away at {@code at}: an employee whose access was ending has left;
	 * a leaving one (its run not finished yet) remembers it. False otherwise.
	 */
	public boolean accessRevoked(UUID id, java.time.Instant at) {
		return jdbc.sql("""
				UPDATE employees SET access_revoked_at = :at,
				    status = CASE WHEN status = 'access_ending' THEN 'left' ELSE status END,
				    version = version + 1, updated_at = now()
				WHERE id = :id AND status IN ('leaving', 'access_ending')""")
			.param("id", id)
			.param("at", java.sql.Timestamp.from(at))
			.update() > 0;
	}

	/** Makes the tenant's pending starters whose start date has come by {@code today} active; their ids. */
	public List<UUID> activateDueStarters(LocalDate today, int limit) {
		return jdbc.sql("""
				UPDATE employees SET status = 'active', version = version + 1, updated_at = now()
				WHERE id IN (SELECT id FROM employees WHERE status = 'pending_start' AND start_date <= :today
				             ORDER BY start_date, id LIMIT :limit FOR UPDATE SKIP LOCKED)
				RETURNING id""")
			.param("today", today)
			.param("limit", limit)
			.query(UUID.class)
			.list();
	}

	/** The activation job's one cross-tenant question (V121): which tenants have starters due by {@code today}. */
	public List<String> tenantsWithDueStarters(LocalDate today) {
		return jdbc.sql("SELECT t FROM hr_tenants_with_due_starters(:today) AS t ORDER BY t")
			.param("today", today)
			.query(String.class)
			.list();
	}

	/** The access-ending notice job's one cross-tenant question: which active tenants have leavers whose last day is {@code lastDay}. */
	public List<String> tenantsWithAccessEnding(LocalDate lastDay) {
		return jdbc.sql("SELECT t FROM hr_tenants_with_access_ending(:day) AS t ORDER BY t")
			.param("day", lastDay)
			.query(String.class)
			.list();
	}

	/** The current tenant's leavers whose access ends at the end of {@code lastDay} (leaver run completed, not left yet). */
	public List<Employee> accessEndingOn(LocalDate lastDay) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM employees WHERE status = 'access_ending' AND last_day = :day ORDER BY id")
			.param("day", lastDay)
			.query(EmployeeRepository::employee)
			.list();
	}

	/** The erasure job's one cross-tenant question (V252): which active tenants have left employees past their retention. */
	public List<String> tenantsWithErasableLeavers(LocalDate today) {
		return jdbc.sql("SELECT t FROM hr_tenants_with_erasable_leavers(:today) AS t ORDER BY t")
			.param("today", today)
			.query(String.class)
			.list();
	}

	/**
	 * Replaces the name and email of up to {@code limit} employees of the current tenant who left
	 * longer ago than its retention period (ids, dates and the rest kept); returns their ids.
	 */
	public List<UUID> erasePersonalData(LocalDate today, java.time.Instant now, int limit) {
		return jdbc.sql("""
				UPDATE employees SET display_name = 'Erased employee', email = 'erased-' || id || '@erased.invalid',
				       personal_data_erased_at = :now, version = version + 1, updated_at = :now
				WHERE id IN (SELECT e.id FROM employees e JOIN tenants t ON t.id = e.tenant_id
				             WHERE e.status = 'left' AND e.personal_data_erased_at IS NULL
				               AND greatest(e.last_day, e.updated_at::date) + t.personal_data_retention_days <= :today
				             ORDER BY e.id LIMIT :limit FOR UPDATE OF e SKIP LOCKED)
				RETURNING id""")
			.param("today", today)
			.param("now", java.sql.Timestamp.from(now))
			.param("limit", limit)
			.query(UUID.class)
			.list();
	}

	/** Keyset pagination on (lower(display_name), id). */
	public Page<Employee> list(EmployeeQuery query) {
		StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM employees WHERE true");
		Map<String, Object> params = new HashMap<>();
		if (query.status() != null) {
			sql.append(" AND status = :status");
			params.put("status", query.status().value());
		}
		if (query.department() != null) {
			sql.append(" AND lower(department) = lower(:department)");
			params.put("department", query.department());
		}
		if (query.q() != null) {
			sql.append(" AND (display_name ILIKE :q OR email ILIKE :q)");
			params.put("q", "%" + escapeLike(query.q()) + "%");
		}
		Cursor after = Cursor.decode(query.cursor());
		if (after != null) {
			sql.append(" AND (lower(display_name), id) > (:afterName, :afterId)");
			params.put("afterName", after.name());
			params.put("afterId", after.id());
		}
		sql.append(" ORDER BY lower(display_name), id LIMIT :limit");
		params.put("limit", query.limit() + 1);
		List<Employee> rows = new ArrayList<>(jdbc.sql(sql.toString()).params(params).query(EmployeeRepository::employee).list());
		String next = null;
		if (rows.size() > query.limit()) {
			rows.remove(rows.size() - 1);
			Employee last = rows.get(rows.size() - 1);
			next = new Cursor(last.displayName().toLowerCase(), last.id()).encode();
		}
		return new Page<>(List.copyOf(rows), next);
	}

	private static String escapeLike(String value) {
		return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
	}

	private static Employee employee(ResultSet rs, int row) throws SQLException {
		return new Employee(rs.getObject("id", UUID.class), rs.getString("employee_number"), rs.getString("display_name"),
				rs.getString("email"), rs.getString("department"), rs.getString("manager"), rs.getString("title"),
				rs.getString("location"), rs.getString("cost_centre"), rs.getObject("start_date", LocalDate.class),
				EmployeeStatus.of(rs.getString("status")), rs.getObject("last_day", LocalDate.class),
				rs.getInt("version"), rs.getTimestamp("created_at").toInstant(),
				rs.getTimestamp("updated_at").toInstant());
	}

	/** The keyset position of the last row of a page: its sort key. */
	record Cursor(String name, UUID id) {

		String encode() {
			return Cursors.encode(name, id);
		}

		static Cursor decode(String cursor) {
			return Cursors.decode(cursor, parts -> new Cursor(parts.get(0), UUID.fromString(parts.get(1))));
		}
	}
}
