package workflow.run;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/** A run to create from an HR event. */
public record NewRun(UUID id, String definitionKey, String definitionTitle, UUID employeeId, String employeeName,
		String employeeEmail, String department, String manager, String fromDepartment, String fromManager,
		LocalDate effectiveDate, UUID sourceEventId, String sourceEventType, Instant startNotBefore) {
}
