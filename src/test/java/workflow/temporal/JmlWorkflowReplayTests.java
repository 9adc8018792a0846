package workflow.temporal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import io.temporal.testing.WorkflowReplayer;

/**
 * Determinism guard: a history recorded from an earlier build (a joiner with a quorum, ignored
 * duplicate and unassigned decisions, a notify stage) must replay on the current workflow code.
 * A change that alters the command sequence fails here; such a change needs versioning
 * ({@code Workflow.getVersion}). Re-record with
 * {@code mvn test -Dtest=JmlWorkflowTests -Dworkflow.history.update=true} only when that is intended.
 */
class JmlWorkflowReplayTests {

	@Test
	void theCommittedJoinerHistoryReplays() throws Exception {
		WorkflowReplayer.replayWorkflowExecution(resource("/workflow/jml-joiner-history.json"), JmlWorkflowImpl.class);
	}

	private static String resource(String name) throws IOException {
		try (InputStream in = JmlWorkflowReplayTests.class.getResourceAsStream(name)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}
}
