package outbox.testing;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

import outbox.DeliveredEvent;
import outbox.EventTypes;
import outbox.OutboxEventHandler;

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
	OutboxEventHandler employeeCreatedTestHandler(HandlerScript script) {
		return new ScriptedHandler(EventTypes.HR_EMPLOYEE_CREATED, script);
	}

	@Bean
	OutboxEventHandler employeeTransferredTestHandler(HandlerScript script) {
		return new ScriptedHandler(EventTypes.HR_EMPLOYEE_TRANSFERRED, script);
	}

	@Bean
	OutboxEventHandler employeeStatusChangedTestHandler(HandlerScript script) {
		return new ScriptedHandler(EventTypes.HR_EMPLOYEE_STATUS_CHANGED, script);
	}

	@Bean
	OutboxEventHandler runStartRequestedTestHandler(HandlerScript script) {
		return new ScriptedHandler(EventTypes.WORKFLOW_RUN_START_REQUESTED, script);
	}

	@Bean
	OutboxEventHandler stageReminderDueTestHandler(HandlerScript script) {
		return new ScriptedHandler(EventTypes.WORKFLOW_STAGE_REMINDER_DUE, script);
	}

	record ScriptedHandler(String eventType, HandlerScript script) implements OutboxEventHandler {

		@Override
		public void handle(DeliveredEvent event) throws Exception {
			script.handle(event);
		}
	}
}
