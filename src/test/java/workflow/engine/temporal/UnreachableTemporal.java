package workflow.engine.temporal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;

import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import platform.TemporalProperties;
import workflow.WorkflowProperties;
import workflow.engine.Orchestrator;

/** The real Temporal adapter pointed at a closed port (a Temporal that is down), for tests. */
public final class UnreachableTemporal implements AutoCloseable {

	private final WorkflowServiceStubs stubs;
	private final CallDeadline deadline;
	private final TemporalOrchestrator orchestrator;

	public UnreachableTemporal(Duration callTimeout, WorkflowProperties properties) {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0)) {
			closedPort = socket.getLocalPort();
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		String target = "127.0.0.1:" + closedPort;
		stubs = WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions.newBuilder().setTarget(target).build());
		WorkflowClient client = WorkflowClient.newInstance(stubs,
				WorkflowClientOptions.newBuilder().setNamespace("default").build());
		TemporalProperties temporal = new TemporalProperties(target, "default", "jml", 0, callTimeout);
		deadline = new CallDeadline(temporal);
		orchestrator = new TemporalOrchestrator(client, temporal, properties, deadline);
	}

	public Orchestrator orchestrator() {
		return orchestrator;
	}

	@Override
	public void close() {
		deadline.close();
		stubs.shutdownNow();
	}
}
