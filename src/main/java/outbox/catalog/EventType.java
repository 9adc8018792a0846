package outbox.catalog;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The stable identity of a catalog record as stored: its type key (routing is by exact key) and
 * the version of its payload shape. Bump {@code version} when the shape changes and teach the
 * outbox to upcast the older one.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface EventType {

	String key();

	int version() default 1;

	/**
	 * The console page of the aggregate the event is about, {@code {id}} standing for its
	 * aggregate id (the event page links it: the outbox knows paths, not the modules behind them);
	 * empty when no page shows it.
	 */
	String aggregatePath() default "";
}
