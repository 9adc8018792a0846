package provisioning;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.GrantRecorded;
import outbox.catalog.GrantState;
import outbox.catalog.RunDefinition;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;

/**
 * A grant without an entitlement goes to the {@link GrantProvisioning} port (here a recording
 * stand-in, as an integrator's bean replaces the logging default) with whom it is for, once: a
 * redelivered event finds its receipt and is not handed over again.
 */
@JmlHubIntegrationTest
@Import(GrantProvisioningPortTests.Recording.class)
class GrantProvisioningPortTests {

	@TestConfiguration(proxyBeanMethods = false)
	static class Recording {

		@Bean
		RecordingProvisioning recordingProvisioning() {
			return new RecordingProvisioning();
		}
	}

	static class RecordingProvisioning implements GrantProvisioning {

		final List<ProvisioningRequest> requests = new CopyOnWriteArrayList<>();

		@Override
		public void provision(ProvisioningRequest request) {
			requests.add(request);
		}

		List<ProvisioningRequest> of(UUID runId) {
			return requests.stream().filter(request -> request.runId().equals(runId)).toList();
		}
	}

	@Autowired
	RecordingProvisioning provisioning;

	@Autowired
	List<OutboxEventHandler<?>> handlers;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void aGrantReachesThePortWithWhomItIsForOnceHoweverOftenItIsDelivered() throws Exception {
		UUID runId = UUID.randomUUID();
		UUID stageId = UUID.randomUUID();
		UUID employeeId = UUID.randomUUID();
		GrantRecorded.Employee employee = new GrantRecorded.Employee("Gil Grant", "gil@acme.example", null,
				"Engineering", "Engineer", "manny", LocalDate.of(2031, 3, 1), null, null);
		// a label no entitlement of acme names
		GrantRecorded event = new GrantRecorded(runId, stageId, "unmapped-" + runId, employeeId, GrantState.GRANTED,
				RunDefinition.JOINER, employee);
		OutboxEventHandler<GrantRecorded> handler = handler();
		assertThat(handler.external()).as("provisioning calls another system").isTrue();

		for (int attempt = 1; attempt <= 3; attempt++) {
			handler.handle(event, new Delivery(UUID.randomUUID(), "acme", GrantRecorded.TYPE, 1, event.idempotencyKey(), attempt));
		}

		assertThat(provisioning.of(runId)).containsExactly(new ProvisioningRequest("acme", runId, stageId, event.grant(),
				GrantState.GRANTED, employeeId, RunDefinition.JOINER, employee, event.idempotencyKey()));
		assertThat(provisioning.of(runId).get(0).employeeEmail()).isEqualTo("gil@acme.example");
		assertThat(transactions.readInTenant("acme", () -> jdbc
			.sql("SELECT count(*) FROM provisioning_grant_receipts WHERE idempotency_key = :key")
			.param("key", event.idempotencyKey())
			.query(Long.class)
			.single())).isEqualTo(1L);
	}

	@SuppressWarnings("unchecked")
	private OutboxEventHandler<GrantRecorded> handler() {
		return (OutboxEventHandler<GrantRecorded>) handlers.stream()
			.filter(h -> h.eventType().equals(GrantRecorded.class))
			.findFirst()
			.orElseThrow();
	}
}
