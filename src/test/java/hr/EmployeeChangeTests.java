package hr;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The change builder: a field set after being cleared is set, and one cleared after being set is cleared. */
class EmployeeChangeTests {

	@ParameterizedTest
	@EnumSource(EmployeeChange.Field.class)
	void aFieldSetAfterBeingClearedIsSetNotCleared(EmployeeChange.Field field) {
		EmployeeChange change = set(EmployeeChange.builder().clear(field), field).build();

		assertThat(change.cleared()).doesNotContain(field);
		assertThat(change.names(field)).isTrue();
	}

	@ParameterizedTest
	@EnumSource(EmployeeChange.Field.class)
	void aFieldClearedAfterBeingSetIsCleared(EmployeeChange.Field field) {
		EmployeeChange change = set(EmployeeChange.builder(), field).clear(field).build();

		assertThat(change.cleared()).containsExactly(field);
	}

	private static EmployeeChange.Builder set(EmployeeChange.Builder builder, EmployeeChange.Field field) {
		return switch (field) {
			case EMPLOYEE_NUMBER -> builder.employeeNumber("E-1");
			case DISPLAY_NAME -> builder.displayName("Ann");
			case EMAIL -> builder.email("ann@acme.example");
			case DEPARTMENT -> builder.department("IT");
			case MANAGER -> builder.manager("hana");
			case TITLE -> builder.title("Engineer");
			case LOCATION -> builder.location("Berlin");
			case COST_CENTRE -> builder.costCentre("CC-1");
			case START_DATE -> builder.startDate(LocalDate.of(2031, 1, 1));
			case LAST_DAY -> builder.lastDay(LocalDate.of(2031, 6, 30));
		};
	}
}
