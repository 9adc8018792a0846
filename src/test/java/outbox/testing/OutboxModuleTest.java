package outbox.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.context.annotation.Import;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.ApplicationModuleTest.BootstrapMode;
import org.springframework.test.context.TestPropertySource;

import platform.JmlHubApplication;

/**
 * The outbox module with its dependencies (platform, jobs) on a random port against the shared
 * PostgreSQL, with scripted handlers for every catalog type instead of the production handlers
 * of other modules. Short retry delays, attempt timeout, leases and poll keep the failure tests fast. All
 * outbox test classes share this one context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ApplicationModuleTest(module = "outbox", classes = JmlHubApplication.class, mode = BootstrapMode.DIRECT_DEPENDENCIES,
		webEnvironment = WebEnvironment.RANDOM_PORT)
@Import({ TestHandlers.class, TestEvents.class })
@TestPropertySource(properties = { "outbox.attempt-timeout=2s", "outbox.event-lease=3s", "outbox.poll-interval=2s", "outbox.retry-base-delay=20ms",
		"outbox.retry-max-delay=100ms", "outbox.backlog-cache-ttl=0s", "outbox.worker-id=outbox-tests" })
public @interface OutboxModuleTest {
}
