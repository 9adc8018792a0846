package platform.objectstore;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import platform.ObjectStore;
import platform.ObjectStoreUnavailableException;
import platform.RuntimeRoles;
import platform.StartupRefusedException;

/**
 * The object store is a startup gate of the worker once attachments are configured: a worker
 * whose store does not answer refuses to start with one message, instead of starting and failing
 * every upload and the orphan sweep. The api role reports it in {@code /readyz} only.
 */
@Component
public class ObjectStoreStartupGate {

	private static final Logger log = LoggerFactory.getLogger(ObjectStoreStartupGate.class);

	private final ObjectStore store;
	private final RuntimeRoles roles;

	ObjectStoreStartupGate(ObjectStore store, RuntimeRoles roles) {
		this.store = store;
		this.roles = roles;
	}

	/** @throws StartupRefusedException when a worker's configured store does not answer */
	public void check() {
		if (!store.configured() || !roles.worker()) {
			return;
		}
		try {
			store.probe();
			log.info("The object store ({}) answers", store.describe());
		}
		catch (ObjectStoreUnavailableException e) {
			throw refusal(e);
		}
	}

	static StartupRefusedException refusal(ObjectStoreUnavailableException e) {
		return new StartupRefusedException(e.getMessage(),
				"Start the object store or correct OBJECTSTORE_* (docs/attachments.md); with OBJECTSTORE_KIND set a worker "
						+ "does not start without it.", e);
	}
}
