package outbox.testing;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.CatalogEvent;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.AccessRevoked;
import outbox.catalog.ApproversChanged;
import outbox.catalog.EmployeeRunRequested;
import outbox.catalog.EmployeeOffboardingCancelled;
import outbox.catalog.EmployeeUpdated;
import outbox.catalog.GrantRecorded;
import outbox.catalog.RunFinished;
import outbox.catalog.EmployeeTransferred;
import outbox.catalog.RunStartRequested;
import outbox.catalog.RunConcluded;
import outbox.catalog.StageActivated;
import outbox.catalog.StageEscalated;
import outbox.catalog.StageEscalationWarning;
import outbox.catalog.StageReminderDue;

/**
 * One scripted handler per catalog type, so the strict registry is satisfied without the
 * production handlers of other modules (the outbox module tests bootstrap only this module and
 * its dependencies).
 */
@TestConfiguration(proxyBeanMethods = false)
public class TestHandlers {

	@Bean
	HandlerScript handlerScript() {
		return new HandlerScript();
	}

	@Bean
	OutboxEventHandler<EmployeeHired> employeeHiredTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(EmployeeHired.class, script);
	}

	@Bean
	OutboxEventHandler<EmployeeTransferred> employeeTransferredTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(EmployeeTransferred.class, script);
	}

	@Bean
	OutboxEventHandler<EmployeeOffboarded> employeeOffboardedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(EmployeeOffboarded.class, script);
	}

	@Bean
	OutboxEventHandler<EmployeeRunRequested> employeeRunRequestedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(EmployeeRunRequested.class, script);
	}

	@Bean
	OutboxEventHandler<EmployeeOffboardingCancelled> employeeOffboardingCancelledTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(EmployeeOffboardingCancelled.class, script);
	}

	@Bean
	OutboxEventHandler<EmployeeUpdated> employeeUpdatedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(EmployeeUpdated.class, script);
	}

	@Bean
	OutboxEventHandler<RunFinished> runFinishedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(RunFinished.class, script);
	}

	@Bean
	OutboxEventHandler<RunStartRequested> runStartRequestedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(RunStartRequested.class, script);
	}

	@Bean
	OutboxEventHandler<StageReminderDue> stageReminderDueTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(StageReminderDue.class, script);
	}

	@Bean
	OutboxEventHandler<StageActivated> stageActivatedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(StageActivated.class, script);
	}

	@Bean
	OutboxEventHandler<StageEscalationWarning> stageEscalationWarningTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(StageEscalationWarning.class, script);
	}

	@Bean
	OutboxEventHandler<StageEscalated> stageEscalatedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(StageEscalated.class, script);
	}

	@Bean
	OutboxEventHandler<RunConcluded> runConcludedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(RunConcluded.class, script);
	}

	@Bean
	OutboxEventHandler<GrantRecorded> grantRecordedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(GrantRecorded.class, script);
	}

	@Bean
	OutboxEventHandler<ApproversChanged> approversChangedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(ApproversChanged.class, script);
	}

	@Bean
	OutboxEventHandler<AccessRevoked> accessRevokedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(AccessRevoked.class, script);
	}

	/** A handler of {@code eventType} that runs the script; for module tests that stand in for another module. */
	public record ScriptedHandler<E extends CatalogEvent>(Class<E> eventType, HandlerScript script)
			implements OutboxEventHandler<E> {

		@Override
		public void handle(E event, Delivery delivery) throws Exception {
			script.handle(event, delivery);
		}

		@Override
		public void deadLettered(E event, Delivery delivery, String reason) {
			script.deadLettered(delivery, reason);
		}
	}
}
