package platform;

import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What this instance does besides serving pages and the JSON API: with {@code worker} among
 * its roles it also runs the outbox dispatcher, the jobs and the Temporal worker, so web nodes
 * ({@code api}) and worker nodes scale separately against one database ({@code APP_ROLES},
 * default {@code api,worker}). {@code OUTBOX_DISPATCH_ENABLED=false}
 * turns the dispatcher and every job off even on a worker.
 */
@ConfigurationProperties(prefix = "jmlhub")
public record RuntimeRoles(Set<String> roles, Dispatch dispatch) {

	public RuntimeRoles {
		roles = roles == null ? Set.of("api", "worker") : Set.copyOf(roles);
		dispatch = dispatch == null ? new Dispatch(true) : dispatch;
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
