package platform;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.security.access.prepost.PreAuthorize;

/**
 * Only platform operators ({@link AppUser#operator()}) may call the annotated controller or method:
 * what it shows or does spans every tenant, so no tenant role is enough.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
@PreAuthorize("hasRole('OPERATOR')")
public @interface OperatorOnly {
}
