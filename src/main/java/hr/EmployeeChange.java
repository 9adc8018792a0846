package hr;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * A change of an employee's HR attributes, whoever sends it (console, API, import, sync, SCIM): what
 * is null stays as it is, what {@code cleared} names is emptied (only the optional fields may be:
 * employeeNumber, title, manager, location, costCentre, lastDay). A blank text counts as cleared.
 * {@code manager} is the manager's employee number or, as before employee numbers, the username of
 * an approver (see docs/hr.md). Build one with {@link #builder()}.
 */
public record EmployeeChange(String employeeNumber, String displayName, String email, String department,
		String manager, String title, String location, String costCentre, LocalDate startDate, LocalDate lastDay,
		Set<Field> cleared) {

	/** The attributes a change may touch, by their API names. */
	public enum Field {
		EMPLOYEE_NUMBER("employeeNumber", true), DISPLAY_NAME("displayName", false), EMAIL("email", false),
		DEPARTMENT("department", false), MANAGER("manager", true), TITLE("title", true),
		LOCATION("location", true), COST_CENTRE("costCentre", true), START_DATE("startDate", false),
		LAST_DAY("lastDay", true);

		private final String key;

		private final boolean clearable;

		Field(String key, boolean clearable) {
			this.key = key;
			this.clearable = clearable;
		}

		/** The API's (and the change events') name of the field. */
		public String key() {
			return key;
		}

		/** Whether an employee may be without it. */
		public boolean clearable() {
			return clearable;
		}

		public static Optional<Field> of(String key) {
			return Arrays.stream(values()).filter(field -> field.key.equals(key)).findFirst();
		}
	}

	public EmployeeChange {
		Set<Field> empty = EnumSet.noneOf(Field.class);
		if (cleared != null) {
			empty.addAll(cleared);
		}
		employeeNumber = blankCleared(employeeNumber, Field.EMPLOYEE_NUMBER, empty);
		displayName = blankCleared(displayName, Field.DISPLAY_NAME, empty);
		email = blankCleared(email, Field.EMAIL, empty);
		department = blankCleared(department, Field.DEPARTMENT, empty);
		manager = blankCleared(manager, Field.MANAGER, empty);
		title = blankCleared(title, Field.TITLE, empty);
		location = blankCleared(location, Field.LOCATION, empty);
		costCentre = blankCleared(costCentre, Field.COST_CENTRE, empty);
		cleared = Collections.unmodifiableSet(empty);
	}

	/** Whether the change names {@code field} at all (sets or clears it). */
	public boolean names(Field field) {
		if (cleared.contains(field)) {
			return true;
		}
		return switch (field) {
			case EMPLOYEE_NUMBER -> employeeNumber != null;
			case DISPLAY_NAME -> displayName != null;
			case EMAIL -> email != null;
			case DEPARTMENT -> department != null;
			case MANAGER -> manager != null;
			case TITLE -> title != null;
			case LOCATION -> location != null;
			case COST_CENTRE -> costCentre != null;
			case START_DATE -> startDate != null;
			case LAST_DAY -> lastDay != null;
		};
	}

	public static Builder builder() {
		return new Builder();
	}

	private static String blankCleared(String value, Field field, Set<Field> cleared) {
		if (value == null) {
			return null;
		}
		if (value.isBlank()) {
			cleared.add(field);
			return null;
		}
		return value.strip();
	}

	/** Collects a change field by field; a field set after being cleared is set, and the other way round. */
	public static final class Builder {

		private String employeeNumber;
		private String displayName;
		private String email;
		private String department;
		private String manager;
		private String title;
		private String location;
		private String costCentre;
		private LocalDate startDate;
		private LocalDate lastDay;
		private final Set<Field> cleared = EnumSet.noneOf(Field.class);

		private Builder() {
		}

		public Builder employeeNumber(String value) {
			employeeNumber = value;
			cleared.remove(Field.EMPLOYEE_NUMBER);
			return this;
		}

		public Builder displayName(String value) {
			displayName = value;
			cleared.remove(Field.DISPLAY_NAME);
			return this;
		}

		public Builder email(String value) {
			email = value;
			cleared.remove(Field.EMAIL);
			return this;
		}

		public Builder department(String value) {
			department = value;
			cleared.remove(Field.DEPARTMENT);
			return this;
		}

		public Builder manager(String value) {
			manager = value;
			cleared.remove(Field.MANAGER);
			return this;
		}

		public Builder title(String value) {
			title = value;
			cleared.remove(Field.TITLE);
			return this;
		}

		public Builder location(String value) {
			location = value;
			cleared.remove(Field.LOCATION);
			return this;
		}

		public Builder costCentre(String value) {
			costCentre = value;
			cleared.remove(Field.COST_CENTRE);
			return this;
		}

		public Builder startDate(LocalDate value) {
			startDate = value;
			cleared.remove(Field.START_DATE);
			return this;
		}

		public Builder lastDay(LocalDate value) {
			lastDay = value;
			cleared.remove(Field.LAST_DAY);
			return this;
		}

		/** Empties {@code field} (refused by the service for a field every employee has). */
		public Builder clear(Field field) {
			switch (field) {
				case EMPLOYEE_NUMBER -> employeeNumber = null;
				case DISPLAY_NAME -> displayName = null;
				case EMAIL -> email = null;
				case DEPARTMENT -> department = null;
				case MANAGER -> manager = null;
				case TITLE -> title = null;
				case LOCATION -> location = null;
				case COST_CENTRE -> costCentre = null;
				case START_DATE -> startDate = null;
				case LAST_DAY -> lastDay = null;
			}
			cleared.add(field);
			return this;
		}

		public EmployeeChange build() {
			return new EmployeeChange(employeeNumber, displayName, email, department, manager, title, location,
					costCentre, startDate, lastDay, cleared);
		}
	}
}
