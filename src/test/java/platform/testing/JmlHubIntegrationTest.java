package platform.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.test.context.SpringBootTest;

import platform.JmlHubApplication;

/**
 * The whole application on a random port against the shared real PostgreSQL and the in-process
 * Temporal server. Every test class using it shares one cached context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SpringBootTest(classes = JmlHubApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
public @interface JmlHubIntegrationTest {
}
