package jobs.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

import platform.testing.JmlHubIntegrationTest;

/** The whole application as an api-only node ({@code APP_ROLES=api}) with the {@link TestJobs} contributed. */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@JmlHubIntegrationTest
@Import(TestJobs.class)
@TestPropertySource(properties = "APP_ROLES=api")
@interface JmlHubIntegrationTestWithApiRole {
}
