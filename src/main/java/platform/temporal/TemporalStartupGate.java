package platform.temporal;

import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.workflowservice.v1.DescribeNamespaceRequest;
import io.temporal.serviceclient.WorkflowServiceStubs;
import platform.RuntimeRoles;
import platform.StartupRefusedException;
import platform.TemporalProperties;

/**
 * Temporal is a startup gate of the worker: with {@code TEMPORAL_TARGET} set, a worker whose
 * Temporal is unreachable, or whose namespace does not exist there, refuses to start with one
 * message instead of starting and failing every start request. The api role only reports
 * Temporal in {@code /readyz}; the embedded server is started by this process and needs no check.
 */
@Component
public class TemporalStartupGate {

	private static final Logger log = LoggerFactory.getLogger(TemporalStartupGate.class);

	private final WorkflowServiceStubs stubs;
	private final TemporalProperties properties;
	private final RuntimeRoles roles;

	TemporalStartupGate(WorkflowServiceStubs stubs, TemporalProperties properties, RuntimeRoles roles) {
		this.stubs = stubs;
		this.properties = properties;
		this.roles = roles;
	}

	/** @throws StartupRefusedException when a worker cannot reach its Temporal namespace */
	public void check() {
		if (!roles.worker() || properties.embedded()) {
			return;
		}
		try {
			stubs.blockingStub()
				.withDeadlineAfter(properties.callTimeout().toMillis(), TimeUnit.MILLISECONDS)
				.describeNamespace(DescribeNamespaceRequest.newBuilder().setNamespace(properties.namespace()).build());
			log.info("Temporal at {} answers for namespace {}", properties.target(), properties.namespace());
		}
		catch (StatusRuntimeException e) {
			throw refusal(properties.target(), properties.namespace(), e);
		}
	}

	static StartupRefusedException refusal(String target, String namespace, StatusRuntimeException e) {
		Status.Code code = e.getStatus().getCode();
		if (code == Status.Code.NOT_FOUND) {
			return new StartupRefusedException("The Temporal namespace " + namespace + " does not exist at " + target + ".",
					"Create the namespace (temporal operator namespace create " + namespace
							+ ") or set TEMPORAL_NAMESPACE to an existing one.", e);
		}
		return new StartupRefusedException("Temporal at " + target + " is unreachable for the worker (" + code
				+ (e.getStatus().getDescription() == null ? "" : ": " + e.getStatus().getDescription()) + ").",
				"Start Temporal or correct TEMPORAL_TARGET; a worker does not start without it.", e);
	}
}
