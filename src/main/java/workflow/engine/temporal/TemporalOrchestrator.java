package workflow.engine.temporal;

import java.util.Optional;
import java.util.UUID;

import org.springframework.stereotype.Component;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.enums.v1.WorkflowIdConflictPolicy;
import io.temporal.api.enums.v1.WorkflowIdReusePolicy;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import platform.TemporalProperties;
import workflow.WorkflowProperties;
import workflow.engine.Orchestrator;
import workflow.engine.OrchestratorException;

/**
 * The Temporal implementation of the port. Start is SignalWithStart on workflow id
 * {@code jml-<runId>} after a status check (describe): an execution that exists, running or
 * closed, is answered with its receipt instead of a second start; a closed one could not be
 * started again anyway (reuse policy REJECT_DUPLICATE) and a running one is joined, not
 * duplicated (conflict policy USE_EXISTING, the only one SignalWithStart accepts). Every call runs
 * under the call deadline ({@code TEMPORAL_CALL_TIMEOUT}), the SDK's retries included.
 */
@Component
class TemporalOrchestrator implements Orchestrator {

	private final WorkflowClient client;
	private final TemporalProperties temporal;
	private final WorkflowProperties.Engine engine;
	private final CallDeadline deadline;

	TemporalOrchestrator(WorkflowClient client, TemporalProperties temporal, WorkflowProperties properties,
			CallDeadline deadline) {
		this.client = client;
		this.temporal = temporal;
		this.engine = properties.engine();
		this.deadline = deadline;
	}

	static String workflowId(UUID runId) {
		return "jml-" + runId;
	}

	@Override
	public StartReceipt start(StartRequest request) {
		String workflowId = workflowId(request.runId());
		try {
			return deadline.call(() -> startOnce(workflowId, request));
		}
		catch (RuntimeException e) {
			throw classify("start of " + workflowId, e, false);
		}
	}

	private StartReceipt startOnce(String workflowId, StartRequest request) {
		try {
			boolean repair = request.resume() != null;
			Optional<String> existing = repair ? runningExecution(workflowId) : existingExecution(workflowId);
			if (existing.isPresent()) {
				return new StartReceipt(workflowId, existing.get(), true);
			}
			WorkflowOptions options = WorkflowOptions.newBuilder()
				.setWorkflowId(workflowId)
				.setTaskQueue(temporal.taskQueue())
				// a repair starts a new execution after a closed one; a first start never does
				.setWorkflowIdReusePolicy(repair ? WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE
						: WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE)
				.setWorkflowIdConflictPolicy(WorkflowIdConflictPolicy.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING)
				.build();
			WorkflowStub stub = client.newUntypedWorkflowStub(JmlWorkflow.TYPE, options);
			WorkflowExecution execution = stub.signalWithStart(JmlWorkflow.START_SIGNAL,
					new Object[] { request.runId() }, new Object[] { input(request) });
			return new StartReceipt(workflowId, execution.getRunId(), false);
		}
		catch (WorkflowExecutionAlreadyStarted e) {
			return new StartReceipt(workflowId, e.getExecution().getRunId(), true);
		}
	}

	@Override
	public void signal(DecisionSignal signal) {
		String workflowId = workflowId(signal.runId());
		try {
			deadline.call(() -> {
				var stub = client.newUntypedWorkflowStub(workflowId, Optional.empty(), Optional.of(JmlWorkflow.TYPE));
				if (signal.decision() == null) {
					stub.signal(JmlWorkflow.RECHECK_SIGNAL);
				}
				else {
					stub.signal(JmlWorkflow.DECISION_SIGNAL, signal.decision());
				}
				return null;
			});
		}
		catch (RuntimeException e) {
			throw classify("signal to " + workflowId, e, true);
		}
	}

	private Optional<String> existingExecution(String workflowId) {
		try {
			return Optional.of(client.newUntypedWorkflowStub(workflowId, Optional.empty(), Optional.empty())
				.describe()
				.getExecution()
				.getRunId());
		}
		catch (WorkflowNotFoundException e) {
			return Optional.empty();
		}
		catch (WorkflowException e) {
			if (status(e) == Status.Code.NOT_FOUND) {
				return Optional.empty();
			}
			throw e;
		}
	}

	/** The execution of the workflow id while it runs; a closed or missing one is empty. */
	private Optional<String> runningExecution(String workflowId) {
		try {
			var description = client.newUntypedWorkflowStub(workflowId, Optional.empty(), Optional.empty()).describe();
			return description.getStatus() == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING
					? Optional.of(description.getExecution().getRunId()) : Optional.empty();
		}
		catch (WorkflowNotFoundException e) {
			return Optional.empty();
		}
		catch (WorkflowException e) {
			if (status(e) == Status.Code.NOT_FOUND) {
				return Optional.empty();
			}
			throw e;
		}
	}

	private JmlWorkflow.Input input(StartRequest request) {
		return new JmlWorkflow.Input(request.tenantId(), request.runId(), request.definitionKey(), request.stages(),
				new JmlWorkflow.Timing(engine.activityTimeout().toSeconds(), engine.activityMaxRetryInterval().toSeconds(),
						engine.blockedRetryInitial().toSeconds(), engine.blockedRetryMax().toSeconds(), engine.historyLimit(),
						engine.blockedMaxRetries()),
				request.resume());
	}

	private OrchestratorException classify(String what, RuntimeException e, boolean signal) {
		if (signal && e instanceof WorkflowNotFoundException) {
			return new OrchestratorException(OrchestratorException.Kind.NOT_RUNNING, what + ": the workflow is not running", e);
		}
		Status.Code code = status(e);
		OrchestratorException.Kind kind = switch (code == null ? Status.Code.UNKNOWN : code) {
			case INVALID_ARGUMENT, FAILED_PRECONDITION, PERMISSION_DENIED, UNAUTHENTICATED, UNIMPLEMENTED, ALREADY_EXISTS ->
				OrchestratorException.Kind.PERMANENT;
			case NOT_FOUND -> signal ? OrchestratorException.Kind.NOT_RUNNING : OrchestratorException.Kind.PERMANENT;
			default -> OrchestratorException.Kind.TRANSIENT;
		};
		String cause = switch (code == null ? Status.Code.UNKNOWN : code) {
			case UNAVAILABLE -> "Temporal unreachable (" + e.getMessage() + ")";
			case DEADLINE_EXCEEDED -> "Temporal did not answer within " + deadline.timeout().toMillis() + " ms";
			default -> e.getMessage();
		};
		return new OrchestratorException(kind, what + " failed: " + cause, e);
	}

	private static Status.Code status(Throwable e) {
		for (Throwable cause = e; cause != null; cause = cause.getCause()) {
			if (cause instanceof StatusRuntimeException status) {
				return status.getStatus().getCode();
			}
		}
		return null;
	}
}
