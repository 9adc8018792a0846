package platform.mode;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

import platform.security.TenantBootstrap;

/**
 * Runs once every bean exists (so the migrations ran) and before any lifecycle bean starts (the
 * web server, the outbox dispatcher; jobs and the Temporal worker wait for readiness anyway):
 * the runtime-role check, then the bootstrap of the first tenant.
 */
@Component
class StartupSequence implements SmartInitializingSingleton {

	private final DatabaseRoleGuard roleGuard;
	private final TenantBootstrap bootstrap;

	StartupSequence(DatabaseRoleGuard roleGuard, TenantBootstrap bootstrap) {
		this.roleGuard = roleGuard;
		this.bootstrap = bootstrap;
	}

	@Override
	public void afterSingletonsInstantiated() {
		roleGuard.check();
		bootstrap.run();
	}
}
