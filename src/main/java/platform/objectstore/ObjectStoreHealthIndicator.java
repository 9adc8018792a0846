package platform.objectstore;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

import platform.ObjectStore;
import platform.ObjectStoreUnavailableException;

/**
 * Readiness: the object store answers (uploads and downloads of attachments would fail otherwise).
 * Without a configured store ({@code OBJECTSTORE_KIND=none}) there is nothing to wait for: UP.
 */
@Component("objectstore")
class ObjectStoreHealthIndicator implements HealthIndicator {

	private final ObjectStore store;

	ObjectStoreHealthIndicator(ObjectStore store) {
		this.store = store;
	}

	@Override
	public Health health() {
		if (!store.configured()) {
			return Health.up().withDetail("configured", false).build();
		}
		try {
			store.probe();
			return Health.up().build();
		}
		catch (ObjectStoreUnavailableException e) {
			return Health.down()
				.withDetail("error", e.getCause() == null ? "unavailable" : e.getCause().getClass().getSimpleName())
				.build();
		}
	}
}
