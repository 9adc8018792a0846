package bench;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.modulith.events.ApplicationModuleListener;
import org.springframework.modulith.events.IncompleteEventPublications;
import org.springframework.scheduling.annotation.EnableAsync;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The peer: Spring Modulith 2.0.3's JDBC event publication registry with an asynchronous
 * {@code @ApplicationModuleListener} no-op listener (Spring Boot's default application task
 * executor), Jackson serialising the events, on the same PostgreSQL and pool size as ours.
 */
final class PeerSubject extends Subject {

	private final ConfigurableApplicationContext context;
	private final TransactionTemplate transactions;
	private final ApplicationEventPublisher events;
	private final JdbcClient jdbc;
	private final JdbcClient owner;
	private final ThreadPoolTaskExecutor executor;
	private volatile boolean failing;

	/** What the peer's listener receives. */
	record BenchEvent(String tenant, String key) {
	}

	PeerSubject(String url, JdbcClient owner) {
		this.owner = owner;
		this.context = new SpringApplicationBuilder(PeerApplication.class).web(WebApplicationType.NONE)
			.initializers(context -> context.getBeanFactory().registerSingleton("subject", this))
			.run("--spring.datasource.url=" + url, "--spring.datasource.username=postgres",
					"--spring.datasource.password=postgres", "--spring.flyway.enabled=false",
					"--spring.modulith.events.jdbc.schema-initialization.enabled=true", "--logging.level.root=WARN",
					// a paused listener fails on purpose; its stack traces are not news
					"--logging.level.org.springframework.aop.interceptor=OFF", "--spring.main.banner-mode=off", "--management.endpoint.health.validate-group-membership=false");
		this.transactions = context.getBean(TransactionTemplate.class);
		this.events = context;
		this.jdbc = context.getBean(JdbcClient.class);
		this.executor = context.getBean("applicationTaskExecutor", ThreadPoolTaskExecutor.class);
	}

	@Override
	String name() {
		return "modulith";
	}

	@Override
	void transaction(String tenant, String key, int count) {
		transactions.executeWithoutResult(status -> {
			jdbc.sql("INSERT INTO bench_business (tenant_id, note) VALUES (:tenant, :key)").param("tenant", tenant)
				.param("key", key).update();
			for (int i = 0; i < count; i++) {
				events.publishEvent(new BenchEvent(tenant, i == 0 ? key : key + "#" + i));
			}
		});
	}

	@Override
	void pause() {
		failing = true;
	}

	@Override
	void resume() {
		failing = false;
		context.getBean(IncompleteEventPublications.class).resubmitIncompletePublications(publication -> true);
	}

	@Override
	long queuedInMemory() {
		return executor.getThreadPoolExecutor().getQueue().size();
	}

	@Override
	long undelivered() {
		return owner.sql("SELECT count(*) FROM event_publication WHERE completion_date IS NULL").query(Long.class).single();
	}

	@Override
	void truncate() {
		owner.sql("TRUNCATE event_publication, bench_business").update();
	}

	void listen(BenchEvent event) {
		if (failing) {
			throw new IllegalStateException("paused: the publication stays incomplete");
		}
		handle(event.key());
	}

	@Override
	public void close() {
		context.close();
	}

	@EnableAutoConfiguration
	@EnableAsync
	static class PeerApplication {

		@Bean
		Listener listener(Subject subject) {
			return new Listener((PeerSubject) subject);
		}
	}

	/** The no-op listener. */
	static class Listener {

		private final PeerSubject subject;

		Listener(PeerSubject subject) {
			this.subject = subject;
		}

		@ApplicationModuleListener
		void on(BenchEvent event) {
			subject.listen(event);
		}
	}
}
