package outbox;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that a handler's effect is outside this database (an HTTP call, Temporal, mail), so it
 * cannot be rolled back with the event's completion. By default a handler runs inside a tenant
 * transaction that also marks its event delivered, fenced by the claim token: a worker that lost
 * its claim rolls its writes back, and the handler's database effects happen exactly once. A
 * handler annotated with this runs without an open transaction (no connection is held while the
 * remote call waits) and its event is completed afterwards in a short transaction of its own;
 * an attempt whose claim was taken over, timed out or crashed may still have had its effect, so
 * such a handler must make the effect idempotent with a receipt: the event's idempotency key
 * passed to the remote side, or a receipt row written before calling out.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface ExternalEffect {
}
