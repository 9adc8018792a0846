package notifications.intake;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.mail.autoconfigure.MailProperties;
import org.springframework.context.ApplicationContext;

import notifications.NotificationKind;
import notifications.delivery.MailDispatcher;
import notifications.delivery.MailTransport;
import notifications.delivery.SenderRounds;
import outbox.Delivery;
import platform.TenantTransactions;

/**
 * The running application's notification writer, mail sender and daily digest built once more
 * around another clock (the test's {@code MutableClock}) and another SMTP server (the test's
 * GreenMail on 127.0.0.1:{@code smtpPort}), as a child factory whose beans of the same names win:
 * a test writes notifications, moves time, writes the digests and sends, nothing waits. Everything
 * else (preferences, unsubscribe tokens, links, the user directory) is the application's own. Rows
 * written here are due only at the test's time, which the application's senders never reach when
 * that time is ahead of the real one.
 */
public final class MailAtTime {

	private final Clock clock;
	private final TenantTransactions transactions;
	private final NotificationWriter writer;
	private final MailDispatcher dispatcher;
	private final DailyDigest digest;

	public MailAtTime(ApplicationContext context, Clock clock, int smtpPort) {
		this.clock = clock;
		this.transactions = context.getBean(TenantTransactions.class);
		DefaultListableBeanFactory child = new DefaultListableBeanFactory(context.getAutowireCapableBeanFactory());
		RootBeanDefinition testClock = new RootBeanDefinition(Clock.class, () -> clock);
		testClock.setPrimary(true);
		child.registerBeanDefinition("clock", testClock);
		RootBeanDefinition smtp = new RootBeanDefinition(MailProperties.class, () -> {
			MailProperties mail = new MailProperties();
			mail.setHost("127.0.0.1");
			mail.setPort(smtpPort);
			return mail;
		});
		smtp.setPrimary(true);
		child.registerBeanDefinition("testMailProperties", smtp);
		Map<String, Class<?>> beans = Map.of("mailTransport", MailTransport.class, "mailDispatcher", MailDispatcher.class,
				"notificationWriter", NotificationWriter.class, "dailyDigest", DailyDigest.class);
		beans.forEach((name, type) -> {
			RootBeanDefinition definition = new RootBeanDefinition(type);
			definition.setPrimary(true);
			definition.setAutowireMode(AutowireCapableBeanFactory.AUTOWIRE_CONSTRUCTOR);
			child.registerBeanDefinition(name, definition);
		});
		this.writer = child.getBean("notificationWriter", NotificationWriter.class);
		this.dispatcher = child.getBean("mailDispatcher", MailDispatcher.class);
		this.digest = child.getBean("dailyDigest", DailyDigest.class);
	}

	/**
	 * Writes a notification of {@code kind} for {@code username} of {@code tenant}, as a handler does
	 * for an event (a new one each time), from the run-outcome template.
	 */
	public void write(String tenant, NotificationKind kind, String username, String subject, String link) {
		Delivery delivery = new Delivery(UUID.randomUUID(), tenant, "test.notification", 1, "test:" + UUID.randomUUID(), 1);
		transactions.runInTenant(tenant, () -> {
			Map<String, Object> model = new HashMap<>();
			model.put("employeeName", subject);
			model.put("definition", "joiner run");
			model.put("completed", true);
			model.put("reason", null);
			model.put("link", link);
			writer.write(delivery, kind, username, writer.tenantName(delivery), subject, "run-concluded", model);
		});
	}

	/** Sends every mail due at the clock's time; how many were attempted. */
	public int send() {
		return SenderRounds.work(dispatcher);
	}

	/** Runs the daily digest job once at the clock's time. */
	public void digest() {
		new DailyDigestJob(digest, clock).run();
	}
}
