package platform.mode;

import org.springframework.core.env.Environment;

/**
 * Demo or production. The demo is what starts when no datasource is configured: the embedded
 * default sets {@code jmlhub.demo=true} (so does the test setup). Everything else is production,
 * which refuses unsafe configurations ({@link ConfigurationGuard}, {@link DatabaseRoleGuard}).
 */
enum RunMode {

	DEMO, PRODUCTION;

	static RunMode of(Environment environment) {
		return environment.getProperty("jmlhub.demo", Boolean.class, false) ? DEMO : PRODUCTION;
	}
}
