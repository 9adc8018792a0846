package platform.mode;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

import platform.objectstore.ObjectStoreStartupGate;
import platform.security.TenantBootstrap;
import platform.temporal.TemporalStartupGate;

/**
 * Runs once every bean exists (so the migrations ran) and before any lifecycle bean starts (the
 * web server, the outbox dispatcher; jobs and the Temporal worker wait for readiness anyway):
 * the runtime-role check, a worker's Temporal (reachable, namespace exists) and object store (when
 * attachments are configured), then the bootstrap of the first tenant.
 */
@Component
class StartupSequence implements SmartInitializingSingleton {

	private final DatabaseRoleGuard roleGuard;
	private final SecretKeyGuard secretKeys;
	private final TenantBootstrap bootstrap;
	private final TemporalStartupGate temporal;
	private final ObjectStoreStartupGate objectStore;

	StartupSequence(DatabaseRoleGuard roleGuard, SecretKeyGuard secretKeys, TenantBootstrap bootstrap,
			TemporalStartupGate temporal, ObjectStoreStartupGate objectStore) {
		this.roleGuard = roleGuard;
		this.secretKeys = secretKeys;
		this.bootstrap = bootstrap;
		this.temporal = temporal;
		this.objectStore = objectStore;
	}

	@Override
	public void afterSingletonsInstantiated() {
		roleGuard.check();
		secretKeys.check();
		temporal.check();
		objectStore.check();
		bootstrap.run();
	}
}
