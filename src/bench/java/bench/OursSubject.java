package bench;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.OutboxPublisher;
import outbox.PublishOptions;
import outbox.catalog.CatalogEvent;
import outbox.catalog.EmployeeHired;
import outbox.dispatch.Dispatcher;
import outbox.dispatch.OutboxProperties;
import platform.RuntimeRoles;
import platform.TenantTransactions;

/** Our outbox: only the outbox module and the tenant unit of work, with no-op handlers. */
final class OursSubject extends Subject {

	static final EmployeeHired HIRED = new EmployeeHired(java.util.UUID.randomUUID(), "Bench Hire", null, "Bench", null,
			java.time.LocalDate.of(2030, 1, 15));

	private final ConfigurableApplicationContext context;
	private final TenantTransactions transactions;
	private final OutboxPublisher publisher;
	private final JdbcClient jdbc;
	private final JdbcClient owner;
	private final Dispatcher dispatcher;

	OursSubject(String url, JdbcClient owner, String... extraArgs) {
		this.owner = owner;
		String[] args = { "--spring.datasource.url=" + url, "--spring.flyway.url=" + url, "--spring.flyway.user=postgres",
				"--spring.flyway.password=postgres", "--logging.level.root=WARN", "--spring.main.banner-mode=off",
				"--management.endpoint.health.validate-group-membership=false",
				// the peer's starter is on the benchmark classpath; it plays no part here
				"--spring.autoconfigure.exclude=org.springframework.modulith.events.jdbc.JdbcEventPublicationAutoConfiguration,"
						+ "org.springframework.modulith.events.config.EventPublicationAutoConfiguration" };
		String[] all = new String[args.length + extraArgs.length];
		System.arraycopy(args, 0, all, 0, args.length);
		System.arraycopy(extraArgs, 0, all, args.length, extraArgs.length);
		this.context = new SpringApplicationBuilder(BenchApplication.class).web(WebApplicationType.NONE)
			.initializers(context -> {
				context.getBeanFactory().registerSingleton("subject", this);
				// one no-op handler per catalog record, read from the sealed catalog as the outbox does
				for (Class<? extends CatalogEvent> type : catalog(CatalogEvent.class)) {
					context.getBeanFactory().registerSingleton("bench" + type.getSimpleName(), BenchApplication.handler(type, this));
				}
			})
			.run(all);
		this.transactions = context.getBean(TenantTransactions.class);
		this.publisher = context.getBean(OutboxPublisher.class);
		this.jdbc = context.getBean(JdbcClient.class);
		this.dispatcher = context.getBean(Dispatcher.class);
	}

	OutboxProperties properties() {
		return context.getBean(OutboxProperties.class);
	}

	@Override
	String name() {
		return "ours";
	}

	@Override
	void transaction(String tenant, String key, int events) {
		transactions.runInTenant(tenant, () -> {
			jdbc.sql("INSERT INTO bench_business (tenant_id, note) VALUES (:tenant, :key)").param("tenant", tenant)
				.param("key", key).update();
			for (int i = 0; i < events; i++) {
				publisher.publish(HIRED, PublishOptions.idempotencyKey(i == 0 ? key : key + "#" + i));
			}
		});
	}

	@Override
	void pause() {
		dispatcher.stop();
	}

	@Override
	void resume() {
		dispatcher.start();
	}

	@Override
	long queuedInMemory() {
		return 0;
	}

	@Override
	long undelivered() {
		return owner.sql("SELECT count(*) FROM outbox_events WHERE status <> 'delivered'").query(Long.class).single();
	}

	@Override
	void truncate() {
		owner.sql("TRUNCATE outbox_events, outbox_attempts, bench_business").update();
	}

	@Override
	public void close() {
		context.close();
	}

	/** The concrete records of a sealed catalog type, through its permits. */
	private static List<Class<? extends CatalogEvent>> catalog(Class<?> sealed) {
		List<Class<? extends CatalogEvent>> records = new ArrayList<>();
		for (Class<?> permitted : sealed.getPermittedSubclasses()) {
			if (permitted.isSealed()) {
				records.addAll(catalog(permitted));
			}
			else {
				records.add(permitted.asSubclass(CatalogEvent.class));
			}
		}
		return records;
	}

	/** Only the outbox module; deliberately not a {@code @Configuration} (nothing scans {@code bench} anyway). */
	@EnableAutoConfiguration
	@ComponentScan({ "outbox.store", "outbox.codec", "outbox.publish", "outbox.dispatch" })
	@Import(TenantTransactions.class)
	@EnableConfigurationProperties({ OutboxProperties.class, RuntimeRoles.class })
	static class BenchApplication {

		static <E extends CatalogEvent> OutboxEventHandler<E> handler(Class<E> type, Subject target) {
			return new OutboxEventHandler<>() {
				@Override
				public Class<E> eventType() {
					return type;
				}

				@Override
				public void handle(E event, Delivery delivery) {
					target.handle(delivery.idempotencyKey());
				}
			};
		}
	}
}
