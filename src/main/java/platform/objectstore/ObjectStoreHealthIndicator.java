package platform.objectstore;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

import platform.ObjectStore;
import platform.ObjectStoreUnavailableException;
import platform.OutageLog;

/**
 * Readiness: the object store answers (uploads and downloads of attachments would fail otherwise).
 * Without a configured store ({@code OBJECTSTORE_KIND=none}) there is nothing to wait for: UP. An
 * outage seen here is logged once when it starts and once when it ends ({@link OutageLog}).
 */
@Component("objectstore")
class ObjectStoreHealthIndicator implements HealthIndicator {

	private final ObjectStore store;
	private final OutageLog outages;
	private final String component;

	ObjectStoreHealthIndicator(ObjectStore store, OutageLog outages) {
		this.store = store;
		this.outages = outages;
		this.component = "Object store (" + store.describe() + ")";
	}

	@Override
	public Health health() {
		if (!store.configured()) {
			return Health.up().withDetail("configured", false).build();
		}
		try {
			store.probe();
			outages.succeeded(component);
			return Health.up().build();
		}
		catch (ObjectStoreUnavailableException e) {
			outages.failed(component, e);
			return Health.down()
				.withDetail("error", e.getCause() == null ? "unavailable" : e.getCause().getClass().getSimpleName())
				.build();
		}
	}
}
