package platform.temporal;

import java.util.concurrent.TimeUnit;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

import io.temporal.api.workflowservice.v1.GetSystemInfoRequest;
import io.temporal.serviceclient.WorkflowServiceStubs;

/** Readiness: the Temporal frontend answers (starts and signals would fail otherwise). */
@Component("temporal")
class TemporalHealthIndicator implements HealthIndicator {

	private final WorkflowServiceStubs stubs;

	TemporalHealthIndicator(WorkflowServiceStubs stubs) {
		this.stubs = stubs;
	}

	@Override
	public Health health() {
		try {
			stubs.blockingStub()
				.withDeadlineAfter(2, TimeUnit.SECONDS)
				.getSystemInfo(GetSystemInfoRequest.getDefaultInstance());
			return Health.up().build();
		}
		catch (RuntimeException e) {
			return Health.down().withDetail("error", e.getClass().getSimpleName()).build();
		}
	}
}
