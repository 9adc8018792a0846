package outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.modulith.test.Scenario;

import outbox.catalog.EmployeeHired;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.SampleEvents;
import outbox.testing.TestEvents;
import outbox.testing.TestEvents.AttemptRow;

/**
 * The outbox module's main flow, with its neighbours (platform, jobs) and scripted handlers in
 * place of the consuming modules: a record published in a tenant's transaction reaches the
 * handler of its type once, as published; a handler that fails is tried again until it succeeds,
 * and every attempt is recorded.
 */
@OutboxModuleTest
class OutboxModuleTests {

	@Autowired
	TestEvents events;

	@Autowired
	HandlerScript script;

	@Test
	void aPublishedRecordIsDeliveredOnceToTheHandlerOfItsType(Scenario scenario) {
		String tenant = TestEvents.newTenant("module");
		EmployeeHired hired = SampleEvents.hired();

		scenario.stimulate(() -> events.publish(tenant, hired, PublishOptions.idempotencyKey("hired")))
			.andWaitForStateChange(() -> script.received(tenant, "hired"))
			.andVerify(received -> {
				assertThat(received).contains(hired);
				assertThat(script.deliveries(tenant, "hired")).isOne();
				assertThat(events.state(tenant, "hired").attempts()).isOne();
			});
	}

	@Test
	void aFailingHandlerIsTriedAgainUntilItSucceeds(Scenario scenario) {
		String tenant = TestEvents.newTenant("module-retry");
		script.when(tenant, "flaky", delivery -> {
			if (delivery.attempt() == 1) {
				throw new IllegalStateException("downstream not ready");
			}
		});

		scenario.stimulate(() -> events.publish(tenant, EmployeeHired.TYPE, "flaky"))
			.andWaitForStateChange(() -> events.history(tenant, "flaky"), history -> history.size() == 2)
			.andVerify(history -> {
				assertThat(history).extracting(AttemptRow::attempt, AttemptRow::errorMessage)
					.containsExactly(tuple(1, "downstream not ready"), tuple(2, null));
				assertThat(script.deliveries(tenant, "flaky")).isEqualTo(2);
				assertThat(script.received(tenant, "flaky")).isPresent();
			});
	}
}
