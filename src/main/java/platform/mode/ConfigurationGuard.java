package platform.mode;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;
import platform.StartupRefusedException;

/**
 * The checks that need only the configuration. A bean factory post-processor, so they run before
 * any bean exists: no pool, no Flyway, no dispatcher, job or Temporal worker has started when a
 * configuration is refused. All problems are reported together in the one startup message.
 */
final class ConfigurationGuard implements BeanFactoryPostProcessor {

	private static final Logger log = LoggerFactory.getLogger(ConfigurationGuard.class);

	static final Set<String> KNOWN_ROLES = Set.of("api", "worker");

	static final String TEMPORAL_TEST_SERVER = "io.temporal.testserver.TestServer";

	/** Set by the embedded demo database (and the tests' own) next to {@code jmlhub.demo}: nobody else may set demo. */
	static final String EMBEDDED_DATABASE = "jmlhub.embedded.postgres-active";

	private final ConfigurableEnvironment environment;

	ConfigurationGuard(ConfigurableEnvironment environment) {
		this.environment = environment;
	}

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		List<String> problems = new ArrayList<>();
		List<String> actions = new ArrayList<>();
		Set<String> roles = roles();
		Set<String> unknown = new TreeSet<>(roles);
		unknown.removeAll(KNOWN_ROLES);
		if (roles.isEmpty() || !unknown.isEmpty()) {
			problems.add("APP_ROLES has " + (roles.isEmpty() ? "no value" : "the unknown value(s) " + unknown) + ".");
			actions.add("Set APP_ROLES to api (pages and API only) or api,worker (also dispatcher, jobs and Temporal worker).");
		}
		if (RunMode.of(environment) == RunMode.DEMO
				&& !environment.getProperty(EMBEDDED_DATABASE, Boolean.class, false)) {
			problems.add("JMLHUB_DEMO=true is set, but a database is configured: the demo runs only on its own "
					+ "embedded database, because it seeds users whose password is \"demo\".");
			actions.add("Remove JMLHUB_DEMO for production, or unset SPRING_DATASOURCE_URL to run the demo.");
		}
		if (RunMode.of(environment) == RunMode.PRODUCTION) {
			checkMigrationOwner(problems, actions);
			checkTemporal(roles, problems, actions);
		}
		if (!problems.isEmpty()) {
			throw new StartupRefusedException(String.join("\n", problems), String.join("\n", actions));
		}
	}

	private void checkMigrationOwner(List<String> problems, List<String> actions) {
		String owner = environment.getProperty("spring.flyway.user", "");
		String runtime = environment.getProperty("spring.datasource.username", "");
		if (!StringUtils.hasText(owner)) {
			problems.add("SPRING_FLYWAY_USER is not set. Migrations must run as the schema owner, a role separate "
					+ "from the runtime role " + runtime + " (SPRING_DATASOURCE_USERNAME); with one role for both, "
					+ "row-level security does not separate tenants.");
			actions.add("Set SPRING_FLYWAY_USER and SPRING_FLYWAY_PASSWORD to the schema owner role (README, "
					+ "\"Production\").");
		}
		else if (owner.equals(runtime)) {
			problems.add("SPRING_FLYWAY_USER and SPRING_DATASOURCE_USERNAME are both " + owner + ". The runtime role "
					+ "must not be the schema owner, or row-level security does not separate tenants.");
			actions.add("Set SPRING_DATASOURCE_USERNAME to a separate runtime role (README, \"Production\").");
		}
	}

	private void checkTemporal(Set<String> roles, List<String> problems, List<String> actions) {
		if (StringUtils.hasText(environment.getProperty("temporal.target"))) {
			return;
		}
		if (!environment.getProperty("temporal.embedded", Boolean.class, false)) {
			problems.add("TEMPORAL_TARGET is empty. Production needs a Temporal cluster: an in-process server "
					+ "loses every running approval run when the instance stops.");
			actions.add("Set TEMPORAL_TARGET to the Temporal frontend host:port (and TEMPORAL_NAMESPACE); "
					+ "TEMPORAL_EMBEDDED=true allows an ephemeral in-process server for a single api,worker instance.");
		}
		else if (!ClassUtils.isPresent(TEMPORAL_TEST_SERVER, getClass().getClassLoader())) {
			problems.add("TEMPORAL_EMBEDDED=true, but this is the production jar: it has no in-process Temporal server.");
			actions.add("Set TEMPORAL_TARGET to the Temporal frontend host:port, or run the demo jar.");
		}
		else if (!roles.equals(KNOWN_ROLES)) {
			problems.add("TEMPORAL_EMBEDDED=true with APP_ROLES=" + String.join(",", new TreeSet<>(roles))
					+ ". An in-process Temporal server is private to its instance, so it only works on a single "
					+ "api,worker instance.");
			actions.add("Set TEMPORAL_TARGET to a shared Temporal cluster, or run one instance with APP_ROLES=api,worker.");
		}
		else {
			log.warn("""

					********************************************************************************
					  TEMPORAL_EMBEDDED=true: this instance runs an EPHEMERAL in-process Temporal
					  server. Every running approval run is lost when the process stops.
					  Set TEMPORAL_TARGET to a Temporal cluster for real use.
					********************************************************************************""");
		}
	}

	private Set<String> roles() {
		List<String> values = Binder.get(environment)
			.bind("jmlhub.roles", Bindable.listOf(String.class))
			.orElse(List.of("api", "worker"));
		Set<String> roles = new TreeSet<>();
		values.stream().map(String::strip).filter(StringUtils::hasText).forEach(roles::add);
		return roles;
	}
}
