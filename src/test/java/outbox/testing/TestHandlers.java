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
import outbox.catalog.StageActivated;
import outbox.catalog.RunReturned;
import outbox.catalog.RunNeedsAdmin;
import outbox.catalog.StageNotified;
import outbox.catalog.EffectFailed;
import outbox.catalog.AccessEnding;
import outbox.catalog.StageEscalated;
import outbox.catalog.RunStarted;
import outbox.catalog.StageDecided;
import outbox.catalog.StageEscalationWarning;
import outbox.catalog.StageReminderDue;

/**
 * One scripted handler per catalog type, so the strict registry is satisfied without the
 * production handlers of other modules (the outbox module tests bootstrap only this module and
 * its dependencies); {@link RunFinished} has a {@link #SECOND_CONSUMER second consumer}, as in
 * production, for the tests of several consumers per type.
 */
@TestConfiguration(proxyBeanMethods = false)
public class TestHandlers {

	/** The name of RunFinished's second test consumer (the first is this module's default, "outbox"). */
	public static final String SECOND_CONSUMER = "second-consumer";

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
	OutboxEventHandler<RunFinished> runFinishedSecondTestHandler(HandlerScript script) {
		return new SecondConsumer<>(RunFinished.class, script);
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
	OutboxEventHandler<RunReturned> runReturnedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(RunReturned.class, script);
	}

	@Bean
	OutboxEventHandler<RunNeedsAdmin> runNeedsAdminTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(RunNeedsAdmin.class, script);
	}

	@Bean
	OutboxEventHandler<StageNotified> stageNotifiedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(StageNotified.class, script);
	}

	@Bean
	OutboxEventHandler<outbox.catalog.AccessRequestChanged> accessRequestChangedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(outbox.catalog.AccessRequestChanged.class, script);
	}

	@Bean
	OutboxEventHandler<EffectFailed> effectFailedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(EffectFailed.class, script);
	}

	@Bean
	OutboxEventHandler<AccessEnding> accessEndingTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(AccessEnding.class, script);
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
	OutboxEventHandler<RunStarted> runStartedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(RunStarted.class, script);
	}

	@Bean
	OutboxEventHandler<StageDecided> stageDecidedTestHandler(HandlerScript script) {
		return new ScriptedHandler<>(StageDecided.class, script);
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

	/** A handler of {@code eventType} under the name {@link #SECOND_CONSUMER}, scripted apart from the first. */
	record SecondConsumer<E extends CatalogEvent>(Class<E> eventType, HandlerScript script)
			implements OutboxEventHandler<E> {

		@Override
		public String consumer() {
			return SECOND_CONSUMER;
		}

		@Override
		public void handle(E event, Delivery delivery) throws Exception {
			script.handle(SECOND_CONSUMER, event, delivery);
		}
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
