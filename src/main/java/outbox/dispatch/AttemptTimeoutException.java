package outbox.dispatch;

import java.time.Duration;

/** The handler did not return within the attempt timeout; retried like any transient failure. */
public class AttemptTimeoutException extends RuntimeException {

	AttemptTimeoutException(Duration timeout) {
		super("The handler did not finish within the attempt timeout of " + timeout);
	}
}
