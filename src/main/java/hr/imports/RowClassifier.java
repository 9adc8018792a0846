package hr.imports;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

import hr.Employee;
import hr.EmployeeNumbers;
import hr.EmployeeChange.Field;
import hr.EmployeeCommands.Hire;
import outbox.catalog.FieldChange;

/**
 * Classifies a row of a file against the employee of its number as the preview reads it: a row
 * without an employee is a create, one whose values differ an update (an offboard when it newly sets
 * lastDay), the same values unchanged, a faulty row a reject with its reasons. A blank cell leaves
 * the attribute as it is (a file need not carry every attribute).
 */
final class RowClassifier {

	private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+");
	private static final Map<String, Integer> MAX_LENGTH = Map.of("displayName", 200, "email", 254, "department", 100,
			"manager", 100, "title", 200, "location", 100, "costCentre", 100);
	private static final List<String> REQUIRED_TO_HIRE = List.of("displayName", "email", "department", "startDate");

	private RowClassifier() {
	}

	/** The employee number a row names (null when it has none). */
	static String number(ImportFile.Row row) {
		return row.values().get(Field.EMPLOYEE_NUMBER.key());
	}

	static ImportRow classify(ImportFile.Row row, Employee existing, LocalDate today) {
		Map<String, String> values = row.values();
		String number = number(row);
		List<String> errors = new ArrayList<>(row.errors());
		if (errors.isEmpty()) {
			check(values, errors);
		}
		if (!errors.isEmpty()) {
			return new ImportRow(row.line(), ImportRow.REJECT, number, null, null, values, Map.of(), errors, null, null);
		}
		if (existing == null) {
			for (String field : REQUIRED_TO_HIRE) {
				if (!values.containsKey(field)) {
					errors.add(field + " is required for a new employee");
				}
			}
			if (values.containsKey("lastDay")) {
				errors.add("lastDay cannot be set on a new employee: hire it first");
			}
			LocalDate start = date(values.get("startDate"));
			if (start != null && start.isBefore(today.minus(Hire.MAX_BACKDATED))) {
				errors.add("startDate must be at most a year in the past");
			}
			if (!errors.isEmpty()) {
				return new ImportRow(row.line(), ImportRow.REJECT, number, null, null, values, Map.of(), errors, null, null);
			}
			Map<String, FieldChange> changes = new LinkedHashMap<>();
			values.forEach((field, value) -> changes.put(field, new FieldChange(null, value)));
			return new ImportRow(row.line(), ImportRow.CREATE, number, null, null, values, changes, List.of(), null, null);
		}
		Map<String, FieldChange> changes = new LinkedHashMap<>();
		values.forEach((field, value) -> {
			String current = current(existing, field);
			if (!Objects.equals(current, normalised(field, value))) {
				changes.put(field, new FieldChange(current, normalised(field, value)));
			}
		});
		String kind = changes.isEmpty() ? ImportRow.UNCHANGED
				: changes.containsKey("lastDay") && existing.lastDay() == null ? ImportRow.OFFBOARD : ImportRow.UPDATE;
		return new ImportRow(row.line(), kind, number, existing.id(), existing.version(), values, changes, List.of(), null,
				null);
	}

	private static void check(Map<String, String> values, List<String> errors) {
		String number = values.get(Field.EMPLOYEE_NUMBER.key());
		if (number == null) {
			errors.add("employeeNumber is required");
		}
		else if (!EmployeeNumbers.wellFormed(number)) {
			// the write path's own rule and words: a dry run refuses what the apply would refuse
			errors.add(Field.EMPLOYEE_NUMBER.key() + " " + EmployeeNumbers.RULE);
		}
		MAX_LENGTH.forEach((field, max) -> {
			String value = values.get(field);
			if (value != null && value.length() > max) {
				errors.add(field + " is longer than " + max + " characters");
			}
		});
		String email = values.get("email");
		if (email != null && !EMAIL.matcher(email).matches()) {
			errors.add("email is not an email address");
		}
		for (String field : List.of("startDate", "lastDay")) {
			String value = values.get(field);
			if (value != null && date(value) == null) {
				errors.add(field + " is not a date (yyyy-mm-dd): " + abbreviated(value));
			}
		}
		LocalDate start = date(values.get("startDate"));
		LocalDate last = date(values.get("lastDay"));
		if (start != null && last != null && last.isBefore(start)) {
			errors.add("lastDay is before startDate");
		}
	}

	/** The value as the employee record holds it (dates as ISO text). */
	private static String normalised(String field, String value) {
		if (field.equals("startDate") || field.equals("lastDay")) {
			return date(value).toString();
		}
		return value;
	}

	private static String current(Employee employee, String field) {
		return switch (field) {
			case "employeeNumber" -> employee.employeeNumber();
			case "displayName" -> employee.displayName();
			case "email" -> employee.email();
			case "department" -> employee.department();
			case "manager" -> employee.manager();
			case "title" -> employee.title();
			case "location" -> employee.location();
			case "costCentre" -> employee.costCentre();
			case "startDate" -> employee.startDate() == null ? null : employee.startDate().toString();
			case "lastDay" -> employee.lastDay() == null ? null : employee.lastDay().toString();
			default -> throw new IllegalArgumentException(field);
		};
	}

	static LocalDate date(String value) {
		if (value == null) {
			return null;
		}
		try {
			return LocalDate.parse(value);
		}
		catch (DateTimeParseException e) {
			return null;
		}
	}

	private static String abbreviated(String value) {
		return value.length() <= 40 ? value : value.substring(0, 40) + "…";
	}
}
