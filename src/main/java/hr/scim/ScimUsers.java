package hr.scim;

import java.time.Clock;
import java.time.LocalDate;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;

import org.springframework.stereotype.Component;

import hr.ChangeSource;
import hr.Employee;
import hr.EmployeeChange;
import hr.EmployeeChange.Field;
import hr.EmployeeCommands.Hire;
import hr.EmployeeService;
import platform.AppUser;
import platform.DomainException;
import platform.ExpectedVersion;
import tools.jackson.databind.JsonNode;

/**
 * SCIM's writes and reads of users, shared by the Users endpoint and Bulk: each turns the
 * resource or PatchOp into a hire or a change through {@link EmployeeService} with source
 * {@code scim}; the employee number (externalId) is the match key.
 */
@Component
class ScimUsers {

	private final EmployeeService employees;
	private final Validator validator;
	private final Clock clock;

	ScimUsers(EmployeeService employees, Validator validator, Clock clock) {
		this.employees = employees;
		this.validator = validator;
		this.clock = clock;
	}

	/** POST: a hire. 409 uniqueness when the employee number or userName is taken. */
	Employee create(AppUser user, JsonNode body) {
		Map<ScimAttribute, Object> values = ScimUserReader.resource(body);
		String email = required(values, ScimAttribute.USER_NAME, "userName");
		String number = required(values, ScimAttribute.EMPLOYEE_NUMBER, "externalId (or the enterprise employeeNumber)");
		String displayName = required(values, ScimAttribute.DISPLAY_NAME, "displayName (or name.formatted)");
		String department = required(values, ScimAttribute.DEPARTMENT, "the enterprise department");
		if (employees.findByNumber(user.tenantId(), number).isPresent()) {
			throw new ScimException(409, "uniqueness", "A user with employee number " + number + " exists.");
		}
		if (employees.findByEmail(user.tenantId(), email).isPresent()) {
			throw new ScimException(409, "uniqueness", "A user with userName " + email + " exists.");
		}
		LocalDate today = LocalDate.now(clock);
		LocalDate startDate = values.get(ScimAttribute.START_DATE) instanceof LocalDate date ? date : today;
		LocalDate lastDay = lastDay(values, null, today);
		if (lastDay != null && lastDay.isBefore(startDate)) {
			throw ScimException.invalidValue("lastDay must not be before the startDate " + startDate + ".");
		}
		// the HR system is the record: a start date in the past is a fact, not a typo
		Hire hire = new Hire(displayName, email, department, text(values, ScimAttribute.MANAGER), startDate, true,
				text(values, ScimAttribute.TITLE), number, text(values, ScimAttribute.LOCATION),
				text(values, ScimAttribute.COST_CENTRE));
		Set<ConstraintViolation<Hire>> violations = validator.validate(hire);
		if (!violations.isEmpty()) {
			throw ScimException.invalidValue(violations.stream()
				.map(v -> v.getPropertyPath() + " " + v.getMessage())
				.sorted()
				.collect(Collectors.joining("; ")));
		}
		Employee hired = employees.hire(user.tenantId(), user.getUsername(), hire, ChangeSource.SCIM);
		if (lastDay == null) {
			return hired;
		}
		return employees.change(user.tenantId(), user.getUsername(), hired.id(),
				EmployeeChange.builder().lastDay(lastDay).build(), ChangeSource.SCIM, hired.version());
	}

	/** PUT: the resource replaces the attributes we map; optional ones it leaves out are emptied. */
	Employee replace(AppUser user, UUID id, JsonNode body, String ifMatch) {
		Map<ScimAttribute, Object> values = ScimUserReader.resource(body);
		Employee current = get(user, id);
		EmployeeChange.Builder change = EmployeeChange.builder()
			.email(required(values, ScimAttribute.USER_NAME, "userName"))
			.employeeNumber(required(values, ScimAttribute.EMPLOYEE_NUMBER, "externalId (or the enterprise employeeNumber)"))
			.displayName(required(values, ScimAttribute.DISPLAY_NAME, "displayName (or name.formatted)"))
			.department(required(values, ScimAttribute.DEPARTMENT, "the enterprise department"));
		setOrClear(change, Field.TITLE, text(values, ScimAttribute.TITLE));
		setOrClear(change, Field.LOCATION, text(values, ScimAttribute.LOCATION));
		setOrClear(change, Field.COST_CENTRE, text(values, ScimAttribute.COST_CENTRE));
		setOrClear(change, Field.MANAGER, text(values, ScimAttribute.MANAGER));
		if (values.get(ScimAttribute.START_DATE) instanceof LocalDate start) {
			change.startDate(start);
		}
		// never emptied by a PUT: cancelling an offboarding is HR's decision in the console or API
		LocalDate lastDay = lastDay(values, current, LocalDate.now(clock));
		if (lastDay != null) {
			change.lastDay(lastDay);
		}
		return write(user, id, change.build(), ifMatch);
	}

	/** PATCH: add / replace / remove on the attributes we map. */
	Employee patch(AppUser user, UUID id, JsonNode body, String ifMatch) {
		Map<ScimAttribute, Object> values = ScimUserReader.patch(body);
		Employee current = get(user, id);
		EmployeeChange.Builder change = EmployeeChange.builder();
		values.forEach((attribute, value) -> {
			Field field = switch (attribute) {
				case USER_NAME -> Field.EMAIL;
				case EMPLOYEE_NUMBER -> Field.EMPLOYEE_NUMBER;
				case DISPLAY_NAME -> Field.DISPLAY_NAME;
				case TITLE -> Field.TITLE;
				case LOCATION -> Field.LOCATION;
				case DEPARTMENT -> Field.DEPARTMENT;
				case COST_CENTRE -> Field.COST_CENTRE;
				case MANAGER -> Field.MANAGER;
				case START_DATE -> Field.START_DATE;
				case LAST_DAY -> Field.LAST_DAY;
				case ACTIVE -> null;
			};
			if (field == null) {
				return;
			}
			if (value == ScimUserReader.REMOVED) {
				change.clear(field);
			}
			else if (value instanceof LocalDate date) {
				if (field == Field.START_DATE) {
					change.startDate(date);
				}
				else {
					change.lastDay(date);
				}
			}
			else {
				set(change, field, (String) value);
			}
		});
		if (!values.containsKey(ScimAttribute.LAST_DAY)) {
			LocalDate lastDay = lastDay(values, current, LocalDate.now(clock));
			if (lastDay != null) {
				change.lastDay(lastDay);
			}
		}
		return write(user, id, change.build(), ifMatch);
	}

	Employee get(AppUser user, UUID id) {
		try {
			return employees.get(user.tenantId(), id);
		}
		catch (DomainException.NotFound e) {
			throw ScimException.notFound("No user " + id + ".");
		}
	}

	private Employee write(AppUser user, UUID id, EmployeeChange change, String ifMatch) {
		return employees.changeExpecting(user.tenantId(), user.getUsername(), id, change, ChangeSource.SCIM,
				expected(ifMatch));
	}

	/** If-Match as SCIM clients send it (meta.version, weak or strong); none: the change is not checked. */
	static ExpectedVersion expected(String ifMatch) {
		if (ifMatch == null || ifMatch.isBlank()) {
			return null;
		}
		String strong = ifMatch.strip();
		if (strong.startsWith("W/")) {
			strong = strong.substring(2);
		}
		try {
			return ExpectedVersion.of(strong, null);
		}
		catch (DomainException.InvalidInput e) {
			throw ScimException.invalidValue("If-Match must be one ETag as meta.version says it, for example W/\"3\".");
		}
	}

	/**
	 * The last day the values announce: the jmlhub lastDay, or today when {@code active} is false and
	 * the employee has none yet (HR offboards; this only records the day).
	 */
	private static LocalDate lastDay(Map<ScimAttribute, Object> values, Employee current, LocalDate today) {
		if (values.get(ScimAttribute.LAST_DAY) instanceof LocalDate day) {
			return day;
		}
		boolean inactive = Boolean.FALSE.equals(values.get(ScimAttribute.ACTIVE));
		return inactive && (current == null || current.lastDay() == null) ? today : null;
	}

	private static String required(Map<ScimAttribute, Object> values, ScimAttribute attribute, String name) {
		String value = text(values, attribute);
		if (value == null || value.isBlank()) {
			throw ScimException.invalidValue(name + " is required.");
		}
		return value.strip();
	}

	private static String text(Map<ScimAttribute, Object> values, ScimAttribute attribute) {
		return values.get(attribute) instanceof String text ? text : null;
	}

	private static void setOrClear(EmployeeChange.Builder change, Field field, String value) {
		if (value == null || value.isBlank()) {
			change.clear(field);
		}
		else {
			set(change, field, value);
		}
	}

	private static void set(EmployeeChange.Builder change, Field field, String value) {
		switch (field) {
			case EMAIL -> change.email(value);
			case EMPLOYEE_NUMBER -> change.employeeNumber(value);
			case DISPLAY_NAME -> change.displayName(value);
			case TITLE -> change.title(value);
			case LOCATION -> change.location(value);
			case DEPARTMENT -> change.department(value);
			case COST_CENTRE -> change.costCentre(value);
			case MANAGER -> change.manager(value);
			default -> throw new IllegalArgumentException(field.key());
		}
	}
}
