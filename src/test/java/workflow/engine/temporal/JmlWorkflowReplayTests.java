package workflow.engine.temporal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.temporal.testing.WorkflowReplayer;

/**
 * Determinism guard: histories recorded from an earlier build must replay on the current workflow
 * code: a joiner with a quorum, ignored duplicate and unassigned decisions and a notify stage; a
 * reject with compensation; a blocked stage on its backoff timer, then withdrawn; a return and
 * resubmit; (versioned changes, see {@code JmlWorkflowImpl}) a decision the projection refused for
 * good, which leaves the run needs_attention, and a repaired run going on from the projection;
 * the last execution of a stage blocked for a month that continued as new; the last execution of
 * a decision wait that continued as new and completed with a later approval; and, recorded before
 * those changes, the same refused decision failing the execution.
 * A change that alters the command sequence fails here; such a change needs versioning
 * ({@code Workflow.getVersion}). Re-record with
 * {@code mvn test -Dtest=JmlWorkflowTests -Dworkflow.history.update=true} only when that is intended.
 */
class JmlWorkflowReplayTests {

	@ParameterizedTest
	@ValueSource(strings = { "jml-joiner-history.json", "jml-reject-history.json", "jml-blocked-withdraw-history.json",
			"jml-return-resubmit-history.json", "jml-needs-attention-history.json", "jml-repair-resume-history.json",
			"jml-activity-failure-before-versioning-history.json", "jml-blocked-continue-as-new-history.json",
			"jml-decision-continue-as-new-history.json" })
	void theCommittedHistoryReplays(String history) throws Exception {
		WorkflowReplayer.replayWorkflowExecution(resource("/workflow/" + history), JmlWorkflowImpl.class);
	}

	private static String resource(String name) throws IOException {
		try (InputStream in = JmlWorkflowReplayTests.class.getResourceAsStream(name)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}
}
