package platform;

import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What this instance does: {@code api} serves pages and the JSON API, {@code worker} runs the
 * outbox dispatcher, the jobs and the Temporal worker. Web and worker nodes scale separately
 * against one database ({@code APP_ROLES}, default both). {@code OUTBOX_DISPATCH_ENABLED=false}
 * turns the dispatcher and every job off even on a worker.
 */
@ConfigurationProperties(prefix = "jmlhub")
public record RuntimeRoles(Set<String> roles, Dispatch dispatch) {

	public RuntimeRoles {
		roles = roles == null ? Set.of("api", "worker") : Set.copyOf(roles);
		dispatch = dispatch == null ? new Dispatch(true) : dispatch;
	}

	public boolean api() {
		return roles.contains("api");
	}

	public boolean worker() {
		return roles.contains("worker");
	}

	/** Whether the outbox dispatcher and the jobs run in this instance. */
	public boolean dispatching() {
		return worker() && dispatch.enabled();
	}

	public record Dispatch(boolean enabled) {
	}
}
