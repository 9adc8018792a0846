package provisioning.effects;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import platform.AuditRecord;
import platform.OutageLog;
import platform.PlatformAudit;
import platform.SecretStore;
import platform.TenantTransactions;
import provisioning.ldap.LdapDirectory;
import provisioning.settings.ProvisioningSettings;
import tools.jackson.databind.json.JsonMapper;

/**
 * The effect dispatcher alone in a JVM of its own, for a test that kills it with
 * {@code destroyForcibly}: against the test's PostgreSQL (as the runtime role), with the test's
 * secret keys (to open a target's bind password), on a clock {@code offset} ahead of the system's
 * (the test schedules its effects that far ahead, so the test context's own dispatcher leaves
 * them). Only the provisioning settings and the LDAP adapter come from a Spring context; it prints
 * {@code started} once the dispatcher runs. Arguments: jdbc url, user, password, secret keys,
 * whether the demo key applies, offset in milliseconds.
 */
final class DispatcherProcess {

	private DispatcherProcess() {
	}

	public static void main(String[] args) throws InterruptedException {
		DriverManagerDataSource dataSource = new DriverManagerDataSource(args[0], args[1], args[2]);
		Clock clock = Clock.offset(Clock.systemUTC(), Duration.ofMillis(Long.parseLong(args[5])));
		JsonMapper json = JsonMapper.builder().build();
		TenantTransactions transactions = new TenantTransactions(new DataSourceTransactionManager(dataSource),
				new JdbcTemplate(dataSource));
		JdbcClient jdbc = JdbcClient.create(dataSource);
		AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
		context.registerBean(TenantTransactions.class, () -> transactions);
		context.registerBean(JdbcClient.class, () -> jdbc);
		context.registerBean(JsonMapper.class, () -> json);
		context.registerBean(Clock.class, () -> clock);
		context.registerBean(SecretStore.class, () -> new SecretStore(args[3], "", Boolean.parseBoolean(args[4])));
		context.registerBean(PlatformAudit.class, () -> new PlatformAudit() {
			@Override
			public void record(String actor, String action, Map<String, ?> detail) {
				throw new UnsupportedOperationException("the dispatcher saves no settings");
			}

			@Override
			public List<AuditRecord> recent(String tenantId, String actionPrefix, int limit) {
				return List.of();
			}
		});
		context.scan("provisioning.settings", "provisioning.ldap");
		context.refresh();
		ProvisioningProperties properties = new ProvisioningProperties(true, Duration.ofMillis(100), Duration.ofMinutes(2),
				Duration.ofSeconds(30), Duration.ofMinutes(30), Duration.ofHours(24), 50, 2, 1);
		EffectRepository effects = new EffectRepository(jdbc);
		LdapDirectory directory = context.getBean(LdapDirectory.class);
		EffectDispatcher dispatcher = new EffectDispatcher(transactions, effects,
				context.getBean(ProvisioningSettings.class), directory, properties, json, clock,
				new SimpleMeterRegistry(), new OutageLog(clock), new Revocations(transactions, effects, directory, json,
						(event, options) -> {
							throw new UnsupportedOperationException("the killed dispatcher applies ensures only");
						}, clock), new FailedEffects(effects, (event, options) -> {
							throw new UnsupportedOperationException("the killed dispatcher applies ensures only");
						}, json));
		dispatcher.start();
		System.out.println("started");
		System.out.flush();
		// the dispatcher's threads are daemons: this one keeps the JVM alive until it is killed
		new CountDownLatch(1).await();
	}
}
