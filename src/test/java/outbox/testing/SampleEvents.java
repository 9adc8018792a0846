package outbox.testing;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import outbox.catalog.CatalogEvent;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.EmployeeRunRequested;
import outbox.catalog.EmployeeUpdated;
import outbox.catalog.RunDefinition;
import outbox.catalog.EmployeeOffboardingCancelled;
import outbox.catalog.GrantRecorded;
import outbox.catalog.GrantState;
import outbox.catalog.RunFinished;
import outbox.catalog.RunOutcome;
import outbox.catalog.EmployeeTransferred;
import outbox.catalog.RunStartRequested;
import outbox.catalog.StageActivated;
import outbox.catalog.StageNotified;
import outbox.catalog.RunReturned;
import outbox.catalog.RunNeedsAdmin;
import outbox.catalog.RunProblem;
import outbox.catalog.EffectFailed;
import outbox.catalog.AccessEnding;
import outbox.catalog.StageEscalated;
import outbox.catalog.RunStarted;
import outbox.catalog.StageDecided;
import outbox.catalog.StageDecision;
import outbox.catalog.StageEscalationWarning;
import outbox.catalog.StageReminderDue;

/** A valid record of each catalog type, for outbox tests that only care about delivery. */
public final class SampleEvents {

	private SampleEvents() {
	}

	/** A fresh sample of the catalog type with key {@code type}. */
	public static CatalogEvent of(String type) {
		UUID id = UUID.randomUUID();
		return switch (type) {
			case EmployeeHired.TYPE -> new EmployeeHired(id, "Sample Hire", "hire@example.test", "Engineering", null,
					LocalDate.of(2030, 1, 15));
			case EmployeeTransferred.TYPE -> new EmployeeTransferred(id, 2, "Sample Mover", "mover@example.test", "Sales",
					"Engineering", null, null, LocalDate.of(2020, 1, 15));
			case EmployeeOffboarded.TYPE -> new EmployeeOffboarded(id, "Sample Leaver", "leaver@example.test", "Sales",
					null, LocalDate.of(2030, 6, 30));
			case EmployeeRunRequested.TYPE -> new EmployeeRunRequested(UUID.randomUUID(), id, "Sample Request", null,
					"Ops", null, RunDefinition.JOINER, LocalDate.of(2030, 1, 15));
			case EmployeeOffboardingCancelled.TYPE -> new EmployeeOffboardingCancelled(id, "Sample Leaver",
					"hr.employee.offboarded:" + id, "hana");
			case EmployeeUpdated.TYPE -> new EmployeeUpdated(id, 1, "Sample Edit", "edit@example.test", "Ops", null,
					"Analyst", LocalDate.of(2030, 1, 15), null, null, null, "api",
					Map.of("department", new outbox.catalog.FieldChange("Sales", "Ops")));
			case RunFinished.TYPE -> new RunFinished(UUID.randomUUID(), id, RunDefinition.JOINER, RunOutcome.COMPLETED,
					"hr.employee.created:" + id, null);
			case RunStartRequested.TYPE -> new RunStartRequested(id);
			case StageReminderDue.TYPE -> new StageReminderDue(id, UUID.randomUUID(), 1, "it_approval", List.of("ivan"), 3, 1, 1,
					"IT approval", "Sample Hire", null, null);
			case StageEscalationWarning.TYPE -> new StageEscalationWarning(id, UUID.randomUUID(), 1, "IT approval",
					"Sample Hire", List.of("ivan"), null, java.time.Instant.parse("2030-01-16T12:00:00Z"), "group security");
			case StageEscalated.TYPE -> new StageEscalated(id, UUID.randomUUID(), 1, "IT approval", "Sample Hire",
					List.of("bea"), true, "nobody decided in time");
			case RunStarted.TYPE -> new RunStarted(id, UUID.randomUUID(), RunDefinition.JOINER, "Sample Hire", "hana", null);
			case StageDecided.TYPE -> new StageDecided(id, UUID.randomUUID(), 1, "Manager approval", RunDefinition.JOINER,
					UUID.randomUUID(), "Sample Hire", StageDecision.APPROVED, "manny", null);
			case StageActivated.TYPE -> new StageActivated(id, UUID.randomUUID(), 1, "IT access", RunDefinition.JOINER,
					"Sample Hire", List.of("ivan"), null, List.of("accounts"), null);
			case RunReturned.TYPE -> new RunReturned(id, UUID.randomUUID(), 0, "Manager approval", RunDefinition.JOINER,
					"Sample Hire", "hana", "manny", null);
			case RunNeedsAdmin.TYPE -> new RunNeedsAdmin(id, RunDefinition.JOINER, "Sample Hire", RunProblem.START_FAILED,
					"no approver", java.time.Instant.parse("2030-01-15T12:00:00Z"));
			case StageNotified.TYPE -> new StageNotified(id, UUID.randomUUID(), 0, "Notify HR", RunDefinition.JOINER,
					"Sample Hire", List.of("hana"));
			case EffectFailed.TYPE -> new EffectFailed(UUID.randomUUID(), id, UUID.randomUUID(), "Sample Hire", "accounts",
					"corp-ldap", "ensure", 5, "connection refused");
			case AccessEnding.TYPE -> new AccessEnding(id, "Sample Leaver", "manny", LocalDate.of(2030, 6, 30), null);
			case GrantRecorded.TYPE -> new GrantRecorded(id, UUID.randomUUID(), "accounts", UUID.randomUUID(),
					GrantState.GRANTED);
			case outbox.catalog.AccessRequestChanged.TYPE -> new outbox.catalog.AccessRequestChanged(id, "finance-share",
					"Finance share", "ivan", "ivan", "submitted", 1, "ivan", 1, null);
			default -> throw new IllegalArgumentException("No catalog type " + type);
		};
	}

	public static EmployeeHired hired() {
		return (EmployeeHired) of(EmployeeHired.TYPE);
	}
}
