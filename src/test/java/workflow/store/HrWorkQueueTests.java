package workflow.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import outbox.catalog.RunDefinition;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import workflow.HrWorkItem;
import workflow.Runs;
import workflow.Stage;
import workflow.StageKind;
import workflow.definition.DefinitionStage;
import workflow.store.RunTrigger;

/**
 * HR's queue as the projection answers it: a run whose stage is blocked for lack of approvers is
 * in it with the block's reason; of two failed starts of one kind for an employee only the later
 * one (the earlier was replaced); a run that merely waits to start is not. Rows are written with
 * the projection's own repositories (no workflow runs them, so nothing moves them on).
 */
@JmlHubIntegrationTest
class HrWorkQueueTests {

	@Autowired
	TenantTransactions transactions;

	@Autowired
	RunRepository runs;

	@Autowired
	RunCreation creation;

	@Autowired
	StageRepository stages;

	@Autowired
	Runs facade;

	@Test
	void blockedStagesAndTheLatestFailedStartNeedHrButWaitingAndReplacedRunsDoNot() {
		UUID employee = UUID.randomUUID();
		UUID blocked = newRun(employee, RunDefinition.MOVER);
		transactions.runInTenant("acme", () -> {
			List<Stage> snapshot = stages.insertSnapshot(blocked, List.of(new DefinitionStage(0, "it_access",
					"IT access approval", StageKind.APPROVAL, "group-without-approvers", 1, List.of("accounts"), 24, null, null, null)));
			runs.markRunning(blocked, snapshot.get(0).id());
			stages.markBlocked(snapshot.get(0).id(), 0, "nobody in group-without-approvers may approve",
					Instant.now().plusSeconds(3600));
		});
		UUID replaced = newRun(employee, RunDefinition.JOINER);
		transactions.runInTenant("acme", () -> runs.markStartFailed(replaced, "Temporal unreachable"));
		UUID failed = newRun(employee, RunDefinition.JOINER);
		transactions.runInTenant("acme", () -> runs.markStartFailed(failed, "Temporal still unreachable"));
		UUID waiting = newRun(employee, RunDefinition.LEAVER);

		List<HrWorkItem> mine = facade.hrWork("acme", 200).stream().filter(item -> item.employeeId().equals(employee))
			.toList();
		assertThat(mine).extracting(HrWorkItem::runId).containsExactlyInAnyOrder(blocked, failed)
			.doesNotContain(replaced, waiting);
		HrWorkItem block = mine.stream().filter(item -> item.runId().equals(blocked)).findFirst().orElseThrow();
		assertThat(block.kind()).isEqualTo(HrWorkItem.Kind.BLOCKED);
		assertThat(block.stageTitle()).isEqualTo("IT access approval");
		assertThat(block.reason()).contains("nobody in group-without-approvers");
		HrWorkItem start = mine.stream().filter(item -> item.runId().equals(failed)).findFirst().orElseThrow();
		assertThat(start.kind()).isEqualTo(HrWorkItem.Kind.START_FAILED);
		assertThat(start.reason()).isEqualTo("Temporal still unreachable");
		assertThat(facade.hrWorkCount("acme")).isGreaterThanOrEqualTo(2);
	}

	private UUID newRun(UUID employee, RunDefinition definition) {
		UUID eventId = UUID.randomUUID();
		return transactions.inTenant("acme", () -> creation.insertIfAbsent(new NewRun(UUID.randomUUID(), definition,
				"Queue " + definition.key(), new RunTrigger(eventId, "test.queue", "test.queue:" + eventId, employee,
						"Queue Employee", null, "Ops", null, null, null, null), null, 1, false))
			.orElseThrow());
	}
}
