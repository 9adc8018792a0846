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
		orchestrator = new TemporalOrchestrator(client, new TemporalProperties(target, "default", "jml", 0, callTimeout),
				properties);
	}

	public Orchestrator orchestrator() {
		return orchestrator;
	}

	@Override
	public void close() {
		orchestrator.close();
		stubs.shutdownNow();
	}
}
