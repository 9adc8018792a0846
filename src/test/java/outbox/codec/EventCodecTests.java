package outbox.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import outbox.PermanentFailureException;
import outbox.catalog.CatalogEvent;
import outbox.catalog.AccessRevoked;
import outbox.catalog.ApproversChanged;
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
import outbox.catalog.EventType;
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

/** The catalog and the outbox's JSON: the stored shape, decoding, and upcasting of former shapes. */
class EventCodecTests {

	final EventCatalog catalog = new EventCatalog();
	final EventCodec codec = new EventCodec(catalog, List.of(new StatusChangedUpcaster()));

	@Test
	void theSealedHierarchyIsTheCatalogWithOneUniqueKeyPerRecord() {
		assertThat(catalog.types()).containsExactly(EmployeeHired.class, EmployeeTransferred.class,
				EmployeeOffboarded.class, EmployeeRunRequested.class, EmployeeOffboardingCancelled.class,
				EmployeeUpdated.class, RunStartRequested.class, StageReminderDue.class,
				RunFinished.class, GrantRecorded.class, ApproversChanged.class, AccessRevoked.class, StageActivated.class,
				RunReturned.class, RunNeedsAdmin.class, StageNotified.class, EffectFailed.class,
				AccessEnding.class, StageEscalationWarning.class, StageEscalated.class,
				outbox.catalog.AccessRequestChanged.class,
				RunStarted.class, StageDecided.class);
		assertThat(catalog.keys()).containsExactly("hr.employee.created", "hr.employee.transferred",
				"hr.employee.offboarded", "hr.employee.run_requested", "hr.employee.offboarding_cancelled",
				"hr.employee.updated", "workflow.run.start_requested",
				"workflow.stage.reminder_due", "workflow.run.finished", "workflow.grant.recorded",
				"workflow.approvers.changed", "provisioning.access.revoked", "workflow.stage.activated",
				"workflow.run.returned", "workflow.run.needs_admin", "workflow.stage.notified",
				"provisioning.effect.failed", "hr.employee.access_ending",
				"workflow.stage.escalation_warning", "workflow.stage.escalated", "access.request.changed",
				"workflow.run.started", "workflow.stage.decided");
		for (Class<?> type : catalog.types()) {
			assertThat(type.getAnnotation(EventType.class)).as(type.getName()).isNotNull();
			assertThat(type.isRecord()).as(type.getName()).isTrue();
		}
		assertThat(codec.storedTypes()).contains("hr.employee.status_changed");
	}

	@Test
	void everyRecordRoundTripsThroughItsStoredJson() {
		UUID id = UUID.randomUUID();
		List<CatalogEvent> events = List.of(
				new EmployeeHired(id, "Ana Lima", "ana@acme.example", "Engineering", "manny", LocalDate.of(2030, 1, 15)),
				new EmployeeTransferred(id, 3, "Ana Lima", null, "Engineering", "Sales", "manny", null,
						LocalDate.of(2030, 1, 15)),
				new EmployeeOffboarded(id, "Ana Lima", null, "Sales", null, LocalDate.of(2031, 6, 30)),
				new EmployeeRunRequested(UUID.randomUUID(), id, "Ana Lima", null, "Sales", "manny", RunDefinition.LEAVER,
						LocalDate.of(2031, 6, 30)),
				new EmployeeOffboardingCancelled(id, "Ana Lima", "hr.employee.offboarded:" + id, "hana"),
				new RunFinished(id, UUID.randomUUID(), RunDefinition.MOVER, RunOutcome.START_FAILED, "k", "no approver"),
				new RunStartRequested(id), new StageReminderDue(id, UUID.randomUUID(), 2, "it_access", List.of("ivan"), 5, 2, 3,
						"IT access", "Ana Lima", Map.of("ivan", "dora"), Instant.parse("2030-01-15T12:00:00Z")),
				new StageEscalationWarning(id, UUID.randomUUID(), 1, "IT access", "Ana Lima", List.of("ivan"), Map.of(),
						Instant.parse("2030-01-16T12:00:00Z"), "group security"),
				new StageEscalated(id, UUID.randomUUID(), 1, "IT access", "Ana Lima", List.of("bea"), true,
						"nobody decided within PT72H of the activation"),
				new RunStarted(id, UUID.randomUUID(), RunDefinition.JOINER, "Ana Lima", "hana", "manny"),
				new StageDecided(id, UUID.randomUUID(), 1, "IT access", RunDefinition.JOINER, UUID.randomUUID(), "Ana Lima",
						StageDecision.RETURNED, "ivan", "Check the start date"),
				new GrantRecorded(id, UUID.randomUUID(), "accounts", UUID.randomUUID(), GrantState.COMPENSATED),
				new StageActivated(id, UUID.randomUUID(), 2, "IT access", RunDefinition.JOINER, "Ana Lima",
						List.of("ivan", "dora"), Map.of("dora", "ivan"), List.of("accounts"), Instant.parse("2030-01-15T12:00:00Z")),
				new RunFinished(id, UUID.randomUUID(), RunDefinition.LEAVER, RunOutcome.REJECTED, null,
						"rejected at IT access", "Ana Lima", "hana", "manny"),
				new RunReturned(id, UUID.randomUUID(), 1, "Manager approval", RunDefinition.JOINER, "Ana Lima", "hana",
						"manny", "Check the start date"),
				new RunNeedsAdmin(id, RunDefinition.JOINER, "Ana Lima", RunProblem.NEEDS_ATTENTION, "execution lost",
						Instant.parse("2030-01-15T12:00:00Z")),
				new StageNotified(id, UUID.randomUUID(), 0, "Notify HR", RunDefinition.LEAVER, "Ana Lima",
						List.of("hana", "hugo")),
				new EffectFailed(UUID.randomUUID(), id, UUID.randomUUID(), "Ana Lima", "accounts", "corp-ldap", "ensure", 5,
						"connection refused"),
				new AccessEnding(id, "Ana Lima", "manny", LocalDate.of(2031, 6, 30), UUID.randomUUID()),
				new outbox.catalog.AccessRequestChanged(id, "finance-share", "Finance share", "ivan", "manny", "approved", 1,
						"sara", 3, Instant.parse("2031-01-31T00:00:00Z")));
		for (CatalogEvent event : events) {
			String json = codec.encode(event);
			assertThat(codec.decode(catalog.keyOf(event.getClass()), 1, json)).isEqualTo(event);
		}
	}

	@Test
	void aGrantCarriesWhomItIsForAndAGrantStoredBeforeThatStillReads() {
		UUID runId = UUID.randomUUID();
		UUID stageId = UUID.randomUUID();
		UUID employeeId = UUID.randomUUID();
		GrantRecorded enriched = new GrantRecorded(runId, stageId, "accounts", employeeId, GrantState.GRANTED,
				RunDefinition.LEAVER, new GrantRecorded.Employee("Ana Lima", "ana@acme.example", "E-17", "Sales",
						"Engineer", "manny", null, LocalDate.of(2031, 6, 30), "Engineering"));
		String json = codec.encode(enriched);
		assertThat(json).contains("\"lastDay\":\"2031-06-30\"", "\"definition\":\"leaver\"", "\"employeeNumber\":\"E-17\"");
		assertThat(codec.decode(GrantRecorded.TYPE, 1, json)).isEqualTo(enriched);

		// the payload as the releases before the provisioning module stored it
		String stored = """
				{"runId":"%s","stageId":"%s","grant":"accounts","employeeId":"%s","status":"compensated"}"""
			.formatted(runId, stageId, employeeId);
		assertThat(codec.decode(GrantRecorded.TYPE, 1, stored))
			.isEqualTo(new GrantRecorded(runId, stageId, "accounts", employeeId, GrantState.COMPENSATED));

		// a mover's employee as stored before the effective date was carried: no date, at once
		String moverBefore = """
				{"runId":"%s","stageId":"%s","grant":"department_access","employeeId":"%s","status":"granted",
				 "definition":"mover","employee":{"displayName":"Ana Lima","department":"Sales","fromDepartment":"Ops"}}"""
			.formatted(runId, stageId, employeeId);
		GrantRecorded mover = (GrantRecorded) codec.decode(GrantRecorded.TYPE, 1, moverBefore);
		assertThat(mover.employee().effectiveDate()).isNull();
		assertThat(mover.employee().fromDepartment()).isEqualTo("Ops");
		GrantRecorded dated = new GrantRecorded(runId, stageId, "department_access", employeeId, GrantState.GRANTED,
				RunDefinition.MOVER, new GrantRecorded.Employee("Ana Lima", null, null, "Sales", null, null, null, null, "Ops",
						LocalDate.of(2031, 2, 1)));
		assertThat(codec.encode(dated)).contains("\"effectiveDate\":\"2031-02-01\"");
		assertThat(codec.decode(GrantRecorded.TYPE, 1, codec.encode(dated))).isEqualTo(dated);

		// an access package's grant carries its end; granted again with a later end, it is another change
		java.time.Instant end = java.time.Instant.parse("2031-03-01T00:00:00Z");
		GrantRecorded ending = new GrantRecorded(runId, runId, "vpn", employeeId, GrantState.GRANTED, null, null, end);
		assertThat(codec.encode(ending)).contains("\"until\":\"2031-03-01T00:00:00Z\"");
		assertThat(codec.decode(GrantRecorded.TYPE, 1, codec.encode(ending))).isEqualTo(ending);
		assertThat(ending.idempotencyKey()).isNotEqualTo(new GrantRecorded(runId, runId, "vpn", employeeId, GrantState.GRANTED,
				null, null, end.plusSeconds(86_400)).idempotencyKey());
		assertThat(mover.until()).isNull();
		assertThat(mover.idempotencyKey()).isEqualTo("grant:" + stageId + ":department_access:granted");
	}

	@Test
	void aRevocationReportedByProvisioningReadsBack() {
		AccessRevoked revoked = new AccessRevoked(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(),
				"access_revocation", 2, java.time.Instant.parse("2031-07-01T00:00:00Z"));
		assertThat(codec.decode(AccessRevoked.TYPE, 1, codec.encode(revoked))).isEqualTo(revoked);
		assertThat(revoked.idempotencyKey()).isEqualTo(AccessRevoked.TYPE + ":" + revoked.stageId() + ":access_revocation");
	}

	@Test
	void theStoredShapeUsesPlainFieldNamesAndIsoDates() {
		UUID id = UUID.fromString("00000000-0000-0000-0000-000000000001");
		assertThat(codec.encode(new EmployeeHired(id, "Ana", null, "Ops", null, LocalDate.of(2030, 1, 15))))
			.contains("\"employeeId\":\"00000000-0000-0000-0000-000000000001\"", "\"startDate\":\"2030-01-15\"",
					"\"displayName\":\"Ana\"")
			.doesNotContain("idempotencyKey", "aggregateId");
	}

	@Test
	void aStoredStatusChangedOffboardingIsUpcastToEmployeeOffboarded() {
		UUID id = UUID.randomUUID();
		// the payload exactly as the first release stored it
		String stored = """
				{"employeeId":"%s","displayName":"Leo Leaver","email":"leo@acme.example","department":"Sales",
				 "manager":"manny","startDate":"2020-01-01","status":"offboarded","fromStatus":"active",
				 "lastDay":"2031-06-30"}""".formatted(id);

		CatalogEvent decoded = codec.decode("hr.employee.status_changed", 1, stored);

		assertThat(decoded).isEqualTo(new EmployeeOffboarded(id, "Leo Leaver", "leo@acme.example", "Sales", "manny",
				LocalDate.of(2031, 6, 30)));
	}

	@Test
	void aStoredStatusChangeThatIsNoOffboardingIsAPermanentFailure() {
		String stored = "{\"employeeId\":\"%s\",\"displayName\":\"A\",\"status\":\"active\"}".formatted(UUID.randomUUID());
		assertThatThrownBy(() -> codec.decode("hr.employee.status_changed", 1, stored))
			.isInstanceOf(PermanentFailureException.class).hasMessageContaining("no offboarding");
	}

	@Test
	void storedPayloadsThatDoNotFitTheirRecordArePermanentFailures() {
		assertThatThrownBy(() -> codec.decode(EmployeeHired.TYPE, 1, "{\"displayName\":\"No Id\",\"startDate\":\"2030-01-01\"}"))
			.isInstanceOf(PermanentFailureException.class).hasMessageContaining("employeeId");
		assertThatThrownBy(() -> codec.decode(RunStartRequested.TYPE, 1, "{\"runId\":\"not-a-uuid\"}"))
			.isInstanceOf(PermanentFailureException.class);
		assertThatThrownBy(() -> codec.decode(EmployeeHired.TYPE, 1, "[1,2]"))
			.isInstanceOf(PermanentFailureException.class).hasMessageContaining("not a JSON object");
		assertThatThrownBy(() -> codec.decode(EmployeeHired.TYPE, 7, codec.encode(new RunStartRequested(UUID.randomUUID()))))
			.isInstanceOf(PermanentFailureException.class).hasMessageContaining("version 7");
		assertThatThrownBy(() -> codec.decode("hr.employee.renamed", 1, "{}"))
			.isInstanceOf(PermanentFailureException.class).hasMessageContaining("No catalog record");
	}

	@Test
	void unknownFieldsOfAStoredPayloadAreIgnored() {
		UUID runId = UUID.randomUUID();
		assertThat(codec.decode(RunStartRequested.TYPE, 1, "{\"runId\":\"" + runId + "\",\"extra\":true}"))
			.isEqualTo(new RunStartRequested(runId));
		assertThat(Set.copyOf(codec.storedTypes())).containsAll(catalog.keys());
	}
}
