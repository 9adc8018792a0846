package platform.browser;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test class driving the console in a real headless Chromium: test methods take a
 * {@link Browser} parameter. Use it next to {@code @JmlHubIntegrationTest} (the app on a random
 * port), in a class named {@code *BrowserTests}. One browser per class. Without
 * {@code /usr/bin/chromium} and {@code /usr/bin/chromedriver} the class is skipped loudly.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(BrowserExtension.class)
public @interface BrowserTest {
}
