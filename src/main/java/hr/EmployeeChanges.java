package hr;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.springframework.stereotype.Component;

import hr.EmployeeChange.Field;
import hr.data.EmployeeRepository;
import outbox.catalog.FieldChange;
import platform.DomainException;
import platform.Role;
import platform.UserDirectory;

/**
 * The rules of an employee's attributes, one place for every write (hire, edit, PATCH, import, sync,
 * SCIM): what a change makes of an employee, what a manager reference and an employee number may be,
 * and the field-by-field difference that history and events record. Runs inside the write's tenant
 * unit of work.
 */
@Component
class EmployeeChanges {

	/** Lengths as the forms and the API's schemas say them. */
	private static final Map<Field, Integer> MAX_LENGTH = Map.of(Field.DISPLAY_NAME, 200, Field.EMAIL, 254,
			Field.DEPARTMENT, 100, Field.MANAGER, 100, Field.TITLE, 200, Field.LOCATION, 100, Field.COST_CENTRE, 100);

	/** Loose on purpose (the API's @Email is the same): one @, something either side, no spaces. */
	private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+");

	private final EmployeeRepository employees;
	private final UserDirectory users;

	EmployeeChanges(EmployeeRepository employees, UserDirectory users) {
		this.employees = employees;
		this.users = users;
	}

	/** The employee as the change leaves it, and whether it makes a left employee a pre-hire again. */
	record Next(Employee employee, boolean rehire) {
	}

	/**
	 * What {@code change} makes of {@code current}; ONE 400 naming every field that may not be so (an
	 * API client fixes them all at once), or a 409 when the change conflicts with another employee's
	 * number or with the offboarding's state.
	 */
	Next next(Employee current, EmployeeChange change) {
		Map<String, String> errors = new LinkedHashMap<>();
		for (Field field : change.cleared()) {
			if (!field.clearable()) {
				errors.put(field.key(), "is required and cannot be emptied");
			}
		}
		Map<Field, String> texts = new LinkedHashMap<>();
		texts.put(Field.DISPLAY_NAME, change.displayName());
		texts.put(Field.EMAIL, change.email());
		texts.put(Field.DEPARTMENT, change.department());
		texts.put(Field.MANAGER, change.manager());
		texts.put(Field.TITLE, change.title());
		texts.put(Field.LOCATION, change.location());
		texts.put(Field.COST_CENTRE, change.costCentre());
		texts.forEach((field, value) -> {
			if (value != null && value.length() > MAX_LENGTH.get(field)) {
				errors.put(field.key(), "must be at most " + MAX_LENGTH.get(field) + " characters");
			}
		});
		if (change.email() != null && !errors.containsKey("email") && !EMAIL.matcher(change.email()).matches()) {
			errors.put("email", "must be an email address");
		}
		String number = pick(change, Field.EMPLOYEE_NUMBER, change.employeeNumber(), current.employeeNumber());
		if (number != null && !number.equals(current.employeeNumber())) {
			collect(errors, () -> number(number, current.id()));
		}
		String email = pick(change, Field.EMAIL, change.email(), current.email());
		if (!errors.containsKey("email") && email != null && !email.equalsIgnoreCase(current.email())
				&& employees.emailTakenByOther(email, current.id())) {
			errors.put("email", "is already used by another employee");
		}
		String wanted = pick(change, Field.MANAGER, change.manager(), current.manager());
		String manager = wanted;
		if (wanted != null && !wanted.equals(current.manager()) && !errors.containsKey("manager")) {
			manager = collect(errors, () -> manager(wanted, current));
		}
		LocalDate startDate = change.startDate() == null ? current.startDate() : change.startDate();
		LocalDate lastDay = change.cleared().contains(Field.LAST_DAY) ? null
				: change.lastDay() == null ? current.lastDay() : change.lastDay();
		EmployeeStatus status = current.status();
		boolean rehire = false;
		if (status == EmployeeStatus.LEFT && change.startDate() != null && !change.startDate().equals(current.startDate())) {
			if (current.lastDay() != null && !change.startDate().isAfter(current.lastDay())) {
				errors.put("startDate", "must be after the last day " + current.lastDay() + " to rehire a leaver");
			}
			rehire = true;
			status = EmployeeStatus.PRE_HIRE;
			lastDay = change.lastDay();
		}
		else if (!Objects.equals(lastDay, current.lastDay())) {
			LocalDate day = lastDay;
			collect(errors, () -> checkLastDay(current, day));
		}
		if (lastDay != null && lastDay.isBefore(startDate)) {
			errors.putIfAbsent(change.names(Field.LAST_DAY) ? "lastDay" : "startDate",
					change.names(Field.LAST_DAY) ? "must not be before the start date " + startDate
							: "must not be after the last day " + lastDay);
		}
		if (!errors.isEmpty()) {
			throw new DomainException.InvalidInput(errors);
		}
		return new Next(new Employee(current.id(), number,
				pick(change, Field.DISPLAY_NAME, change.displayName(), current.displayName()), email,
				pick(change, Field.DEPARTMENT, change.department(), current.department()), manager,
				pick(change, Field.TITLE, change.title(), current.title()),
				pick(change, Field.LOCATION, change.location(), current.location()),
				pick(change, Field.COST_CENTRE, change.costCentre(), current.costCentre()), startDate, status, lastDay,
				current.version(), current.createdAt(), current.updatedAt()), rehire);
	}

	/** Runs a check that names its field in a 400, adding what it names to {@code errors} instead of throwing. */
	private static void collect(Map<String, String> errors, Runnable check) {
		collect(errors, () -> {
			check.run();
			return null;
		});
	}

	private static <T> T collect(Map<String, String> errors, java.util.function.Supplier<T> check) {
		try {
			return check.get();
		}
		catch (DomainException.InvalidInput e) {
			e.fieldErrors().forEach(errors::putIfAbsent);
			return null;
		}
	}

	/**
	 * The manager reference to store: an employee number of the tenant (looked up first) or, as before
	 * employee numbers, the username of an approver; null for none. Never the employee themselves.
	 */
	String manager(String manager, Employee self) {
		if (manager == null || manager.isBlank()) {
			return null;
		}
		String reference = manager.strip();
		var byNumber = employees.findByNumber(reference);
		if (byNumber.isPresent()) {
			if (self != null && byNumber.get().id().equals(self.id())) {
				throw new DomainException.InvalidInput("manager", "must not be the employee themselves");
			}
			return reference;
		}
		boolean approver = users.find(reference).map(user -> user.hasRole(Role.APPROVER)).orElse(false);
		if (!approver) {
			throw new DomainException.InvalidInput("manager",
					"must be the employee number of an employee or the username of an approver in your organisation");
		}
		return reference;
	}

	/** An employee number is 1 to 64 letters, digits or . _ - (it is a path segment of the API); 409 when another employee has it. */
	void number(String number, UUID self) {
		checkNumberFormat(number);
		if (employees.numberTaken(number, self)) {
			throw numberTaken(number);
		}
	}

	static void checkNumberFormat(String number) {
		if (!EmployeeNumbers.wellFormed(number)) {
			throw new DomainException.InvalidInput("employeeNumber", EmployeeNumbers.RULE);
		}
	}

	static DomainException numberTaken(String number) {
		return new DomainException.Conflict("Another employee has employee number " + number + ".",
				"employee-number-taken");
	}

	static DomainException emailTaken() {
		return new DomainException.InvalidInput("email", "is already used by another employee");
	}

	/** A start date in the past needs the caller's say-so, and never lies more than a year back. */
	static void checkStartDate(EmployeeCommands.Hire hire, LocalDate today) {
		if (!hire.startDate().isBefore(today)) {
			return;
		}
		if (hire.startDate().isBefore(today.minus(EmployeeCommands.Hire.MAX_BACKDATED))) {
			throw new DomainException.InvalidInput("startDate", "must be at most a year in the past");
		}
		if (!hire.backdatingAllowed()) {
			throw new DomainException.InvalidInput("startDate",
					"is in the past: set allowBackdated to true to hire with a start date before today");
		}
	}

	/** Who a write's history and audit entry name: the user, or the source (an import, a sync) when there is none. */
	static String recordedActor(String actor, ChangeSource source) {
		return actor == null ? source.value() : actor;
	}

	/** The history entry of a write that made {@code after} of {@code before} (null: a hire). */
	static EmployeeHistoryEntry historyEntry(String who, ChangeSource source, Employee after,
			Map<String, FieldChange> diff, java.time.Instant at) {
		return new EmployeeHistoryEntry(after.id(), after.version(), source, who, diff, at);
	}

	/** The audit action of a write: a hire or a change. */
	static String auditAction(Employee before) {
		return before == null ? "employee.hired" : "employee.changed";
	}

	/** The audit entry's detail of a write: field names only (the trail is kept longer than a leaver's personal data). */
	static Map<String, Object> auditDetail(ChangeSource source, Employee after, Map<String, FieldChange> diff) {
		return Map.of("subject", after.id().toString(), "source", source.value(), "version", after.version(), "fields",
				java.util.List.copyOf(diff.keySet()));
	}

	/** The fields that differ between {@code before} (null: a hire) and {@code after}, in a stable order. */
	static Map<String, FieldChange> diff(Employee before, Employee after) {
		Map<String, FieldChange> diff = new LinkedHashMap<>();
		field(diff, "employeeNumber", before, after, Employee::employeeNumber);
		field(diff, "displayName", before, after, Employee::displayName);
		field(diff, "email", before, after, Employee::email);
		field(diff, "department", before, after, Employee::department);
		field(diff, "manager", before, after, Employee::manager);
		field(diff, "title", before, after, Employee::title);
		field(diff, "location", before, after, Employee::location);
		field(diff, "costCentre", before, after, Employee::costCentre);
		field(diff, "startDate", before, after, Employee::startDate);
		field(diff, "lastDay", before, after, Employee::lastDay);
		field(diff, "status", before, after, employee -> employee.status().value());
		return diff;
	}

	private static void field(Map<String, FieldChange> diff, String name, Employee before, Employee after,
			Function<Employee, Object> value) {
		String from = before == null ? null : text(value.apply(before));
		String to = text(value.apply(after));
		if (!Objects.equals(from, to)) {
			diff.put(name, new FieldChange(from, to));
		}
	}

	private static String text(Object value) {
		return value == null ? null : value.toString();
	}

	/** A last day may be announced, moved or withdrawn until the leaver's access is ending. */
	private static void checkLastDay(Employee current, LocalDate lastDay) {
		switch (current.status()) {
			case LEAVING -> {
				if (lastDay == null) {
					throw new DomainException.InvalidInput("lastDay",
							"cannot be emptied while the employee is leaving: cancel the offboarding instead");
				}
			}
			case ACCESS_ENDING, LEFT -> throw new DomainException.Conflict(
					"The employee's access has ended or is ending; the last day can no longer change.");
			default -> {
			}
		}
	}

	private static String pick(EmployeeChange change, Field field, String value, String current) {
		if (change.cleared().contains(field)) {
			return null;
		}
		return value == null ? current : value;
	}
}
