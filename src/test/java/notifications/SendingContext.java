package notifications;

import static notifications.testing.Mails.freePort;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetup;

/**
 * The one application context whose mail sender sends, to its own GreenMail: the shared contexts
 * only record notifications, and two sending contexts alive in one JVM (Spring caches them) would
 * take each other's mail. The classes that send extend this, so Spring gives them one context.
 */
abstract class SendingContext {

	static final String BASE_URL = "https://jml.example.test";
	static final int SMTP_PORT = freePort();

	@RegisterExtension
	static final GreenMailExtension smtp = new GreenMailExtension(new ServerSetup(SMTP_PORT, "127.0.0.1",
			ServerSetup.PROTOCOL_SMTP)).withPerMethodLifecycle(false);

	@DynamicPropertySource
	static void mail(DynamicPropertyRegistry registry) {
		registry.add("spring.mail.host", () -> "127.0.0.1");
		registry.add("spring.mail.port", () -> SMTP_PORT);
		registry.add("jmlhub.notifications.enabled", () -> true);
		registry.add("jmlhub.notifications.poll-interval", () -> "250ms");
		registry.add("jmlhub.notifications.first-backoff", () -> "1s");
		registry.add("jmlhub.notifications.max-backoff", () -> "2s");
		registry.add("jmlhub.notifications.public-base-url", () -> BASE_URL + "/");
	}
}
