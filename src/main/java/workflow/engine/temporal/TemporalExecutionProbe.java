package workflow.engine.temporal;

import java.util.Optional;

import org.springframework.stereotype.Component;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.workflow.v1.WorkflowExecutionInfo;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import workflow.engine.ExecutionProbe;
import workflow.engine.OrchestratorException;

/** Describes the latest execution of a workflow id, under the call deadline. */
@Component
class TemporalExecutionProbe implements ExecutionProbe {

	private final WorkflowClient client;
	private final CallDeadline deadline;

	TemporalExecutionProbe(WorkflowClient client, CallDeadline deadline) {
		this.client = client;
		this.deadline = deadline;
	}

	@Override
	public ExecutionState state(String workflowId) {
		try {
			return deadline.call(() -> {
				WorkflowExecutionInfo info = client.newUntypedWorkflowStub(workflowId, Optional.empty(), Optional.empty())
					.describe()
					.getRawDescription()
					.getWorkflowExecutionInfo();
				String executionId = info.getExecution().getRunId();
				WorkflowExecutionStatus status = info.getStatus();
				return status == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING
						? new ExecutionState(ExecutionState.Kind.RUNNING, executionId, "running")
						: new ExecutionState(ExecutionState.Kind.CLOSED, executionId, closed(status));
			});
		}
		catch (WorkflowNotFoundException e) {
			return new ExecutionState(ExecutionState.Kind.MISSING, null, "not found");
		}
		catch (RuntimeException e) {
			if (notFound(e)) {
				return new ExecutionState(ExecutionState.Kind.MISSING, null, "not found");
			}
			throw new OrchestratorException(OrchestratorException.Kind.TRANSIENT,
					"describe of " + workflowId + " failed: " + e.getMessage(), e);
		}
	}

	private static String closed(WorkflowExecutionStatus status) {
		return status.name().replace("WORKFLOW_EXECUTION_STATUS_", "").toLowerCase();
	}

	private static boolean notFound(Throwable e) {
		for (Throwable cause = e; cause != null; cause = cause.getCause()) {
			if (cause instanceof WorkflowNotFoundException) {
				return true;
			}
			if (cause instanceof StatusRuntimeException status) {
				return status.getStatus().getCode() == Status.Code.NOT_FOUND;
			}
		}
		return false;
	}
}
