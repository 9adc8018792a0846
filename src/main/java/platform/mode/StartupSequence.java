package platform.mode;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

import platform.security.TenantBootstrap;
import platform.temporal.TemporalStartupGate;

/**
 * Runs once every bean exists (so the migrations ran) and before any lifecycle bean starts (the
 * web server, the outbox dispatcher; jobs and the Temporal worker wait for readiness anyway):
 * the runtime-role check, a worker's Temporal (reachable, namespace exists), then the bootstrap of
 * the first tenant.
 */
@Component
class StartupSequence implements SmartInitializingSingleton {

	private final DatabaseRoleGuard roleGuard;
	private final SecretKeyGuard secretKeys;
	private final TenantBootstrap bootstrap;
	private final TemporalStartupGate temporal;

	StartupSequence(DatabaseRoleGuard roleGuard, SecretKeyGuard secretKeys, TenantBootstrap bootstrap,
			TemporalStartupGate temporal) {
		this.roleGuard = roleGuard;
		this.secretKeys = secretKeys;
		this.bootstrap = bootstrap;
		this.temporal = temporal;
	}

	@Override
	public void afterSingletonsInstantiated() {
		roleGuard.check();
		secretKeys.check();
		temporal.check();
		bootstrap.run();
	}
}
