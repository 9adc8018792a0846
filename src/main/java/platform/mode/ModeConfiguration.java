package platform.mode;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.SecretStore;

/** The startup guards. */
@Configuration
class ModeConfiguration {

	// static: a bean factory post-processor must not wait for this configuration class
	@Bean
	static ConfigurationGuard configurationGuard(ConfigurableEnvironment environment) {
		return new ConfigurationGuard(environment);
	}

	@Bean
	DatabaseRoleGuard databaseRoleGuard(JdbcClient jdbc) {
		return new DatabaseRoleGuard(jdbc);
	}

	@Bean
	SecretKeyGuard secretKeyGuard(JdbcClient jdbc, SecretStore secrets) {
		return new SecretKeyGuard(jdbc, secrets);
	}
}
