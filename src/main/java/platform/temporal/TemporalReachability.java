package platform.temporal;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import io.temporal.api.workflowservice.v1.GetSystemInfoRequest;
import io.temporal.serviceclient.WorkflowServiceStubs;
import platform.OutageLog;
import platform.RuntimeRoles;
import platform.TemporalProperties;

/**
 * Whether the worker's Temporal answers, said once per outage: the SDK's pollers would log a stack
 * trace per poller and attempt (those are filtered, see {@code platform.config.QuietOutageFilter}),
 * so this probe asks the frontend every five seconds and reports to the {@link OutageLog}: one WARN
 * "Temporal at host:port unavailable since ..." and one INFO "... available again after 93 s".
 * Only in the worker role, where the pollers run.
 */
@Component
class TemporalReachability {

	private static final Duration DEADLINE = Duration.ofSeconds(2);

	private final WorkflowServiceStubs stubs;
	private final OutageLog outages;
	private final boolean worker;
	private final String component;

	TemporalReachability(WorkflowServiceStubs stubs, OutageLog outages, RuntimeRoles roles,
			TemporalProperties properties) {
		this.stubs = stubs;
		this.outages = outages;
		this.worker = roles.worker();
		this.component = "Temporal at " + stubs.getOptions().getTarget() + " (namespace " + properties.namespace() + ")";
	}

	@Scheduled(initialDelay = 5, fixedDelay = 5, timeUnit = TimeUnit.SECONDS)
	void probe() {
		if (!worker) {
			return;
		}
		check();
	}

	void check() {
		try {
			stubs.blockingStub()
				.withDeadlineAfter(DEADLINE.toMillis(), TimeUnit.MILLISECONDS)
				.getSystemInfo(GetSystemInfoRequest.getDefaultInstance());
			outages.succeeded(component);
		}
		catch (RuntimeException e) {
			outages.failed(component, e);
		}
	}

	String component() {
		return component;
	}
}
