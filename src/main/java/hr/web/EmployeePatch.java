package hr.web;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import hr.EmployeeChange;
import hr.EmployeeChange.Field;
import io.swagger.v3.oas.annotations.media.Schema;
import platform.DomainException;
import tools.jackson.databind.JsonNode;

/**
 * A JSON merge patch (RFC 7396) of an employee's HR attributes: a member sets the attribute, a
 * member that is null empties it, a member left out leaves it as it is. Read by hand rather than
 * bound to a record, since a record cannot tell "null" from "left out". Every problem of the body
 * is a 400 naming its field, before anything is written.
 */
final class EmployeePatch {

	private EmployeePatch() {
	}

	/** What the API documents as the body (all optional; null empties an optional attribute). */
	@Schema(name = "EmployeePatch", description = "A JSON merge patch of the employee's HR attributes: a member sets "
			+ "the attribute, null empties it (only employeeNumber, manager, title, location, costCentre and lastDay "
			+ "may be empty), a member left out stays as it is. id, status and version cannot be patched.")
	record Body(@Schema(maxLength = 64, nullable = true) String employeeNumber,
			@Schema(maxLength = 200) String displayName,
			@Schema(maxLength = 254, format = "email") String email,
			@Schema(maxLength = 100) String department,
			@Schema(maxLength = 100, nullable = true, description = "The manager's employee number, or an approver's username") String manager,
			@Schema(maxLength = 200, nullable = true) String title,
			@Schema(maxLength = 100, nullable = true) String location,
			@Schema(maxLength = 100, nullable = true) String costCentre,
			LocalDate startDate,
			@Schema(nullable = true) LocalDate lastDay) {
	}

	static EmployeeChange parse(JsonNode body) {
		if (body == null || !body.isObject()) {
			throw new DomainException.InvalidInput("body", "must be a JSON object of the attributes to change");
		}
		Map<String, String> errors = new LinkedHashMap<>();
		EmployeeChange.Builder change = EmployeeChange.builder();
		for (Map.Entry<String, JsonNode> member : body.properties()) {
			String name = member.getKey();
			JsonNode value = member.getValue();
			Optional<Field> field = Field.of(name);
			if (field.isEmpty()) {
				errors.put(name, "is not an attribute that can be patched");
				continue;
			}
			if (value.isNull()) {
				if (field.get().clearable()) {
					change.clear(field.get());
				}
				else {
					errors.put(name, "is required and cannot be emptied");
				}
				continue;
			}
			if (!value.isString()) {
				errors.put(name, field.get() == Field.START_DATE || field.get() == Field.LAST_DAY
						? "must be a date such as 2031-01-05" : "must be a string");
				continue;
			}
			String text = value.asString();
			switch (field.get()) {
				case START_DATE, LAST_DAY -> {
					try {
						LocalDate date = LocalDate.parse(text.strip());
						if (field.get() == Field.START_DATE) {
							change.startDate(date);
						}
						else {
							change.lastDay(date);
						}
					}
					catch (DateTimeParseException e) {
						errors.put(name, "must be a date such as 2031-01-05");
					}
				}
				case EMPLOYEE_NUMBER -> change.employeeNumber(text);
				case DISPLAY_NAME -> change.displayName(text);
				case EMAIL -> change.email(text);
				case DEPARTMENT -> change.department(text);
				case MANAGER -> change.manager(text);
				case TITLE -> change.title(text);
				case LOCATION -> change.location(text);
				case COST_CENTRE -> change.costCentre(text);
			}
			if (text.isBlank() && !field.get().clearable()) {
				errors.put(name, "is required and cannot be emptied");
			}
		}
		if (!errors.isEmpty()) {
			throw new DomainException.InvalidInput(errors);
		}
		return change.build();
	}
}
