package workflow.engine.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import workflow.ActionKind;
import workflow.WorkflowProperties;
import workflow.engine.Orchestrator.Decision;
import workflow.engine.Orchestrator.DecisionSignal;
import workflow.engine.Orchestrator.StartRequest;
import workflow.engine.OrchestratorException;

/**
 * Nobody waits on Temporal: with the frontend unreachable (a closed port), a start and a signal
 * each fail within the call deadline (the SDK alone would retry for a minute) as a transient
 * failure that says Temporal could not be reached.
 */
class TemporalCallDeadlineTests {

	static final Duration DEADLINE = Duration.ofSeconds(1);

	UnreachableTemporal temporal;
	workflow.engine.Orchestrator orchestrator;

	@BeforeEach
	void unreachableTemporal() {
		WorkflowProperties properties = new WorkflowProperties(new WorkflowProperties.Jml(true, 5, null),
				new WorkflowProperties.Engine(Duration.ofSeconds(30), Duration.ofMinutes(1), Duration.ofMinutes(1),
						Duration.ofHours(1), null, null),
				null);
		temporal = new UnreachableTemporal(DEADLINE, properties);
		orchestrator = temporal.orchestrator();
	}

	@AfterEach
	void close() {
		temporal.close();
	}

	@Test
	void aSignalGivesUpWithinTheCallDeadline() {
		long started = System.nanoTime();
		assertThatThrownBy(() -> orchestrator.signal(new DecisionSignal("acme", UUID.randomUUID(),
				new Decision(UUID.randomUUID(), ActionKind.APPROVE, UUID.randomUUID(), 0, "manny", null))))
			.isInstanceOfSatisfying(OrchestratorException.class, e -> {
				assertThat(e.kind()).isEqualTo(OrchestratorException.Kind.TRANSIENT);
				assertThat(e.getMessage()).containsAnyOf("Temporal unreachable", "Temporal did not answer within 1000 ms");
			});
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(DEADLINE.multipliedBy(3));
	}

	@Test
	void aStartGivesUpWithinTheCallDeadline() {
		long started = System.nanoTime();
		assertThatThrownBy(() -> orchestrator.start(new StartRequest("acme", UUID.randomUUID(), "joiner", List.of(), null)))
			.isInstanceOfSatisfying(OrchestratorException.class,
					e -> assertThat(e.kind()).isEqualTo(OrchestratorException.Kind.TRANSIENT));
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(DEADLINE.multipliedBy(3));
	}
}
