package workflow.engine.temporal;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import jakarta.annotation.PreDestroy;

import org.springframework.stereotype.Component;

import io.grpc.Context;
import platform.TemporalProperties;

/**
 * The deadline of one Temporal client call ({@code TEMPORAL_CALL_TIMEOUT}): the call runs in a
 * gRPC context with that deadline, which also ends the SDK's own retries (of an unreachable
 * frontend, for a minute by default); the call then fails with DEADLINE_EXCEEDED.
 */
@Component
class CallDeadline {

	private final Duration timeout;
	/** Fires the deadlines. */
	private final ScheduledExecutorService timer;

	CallDeadline(TemporalProperties temporal) {
		this.timeout = temporal.callTimeout();
		this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "temporal-call-deadlines");
			thread.setDaemon(true);
			return thread;
		});
	}

	Duration timeout() {
		return timeout;
	}

	<T> T call(Callable<T> call) {
		Context.CancellableContext context = Context.current()
			.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS, timer);
		try {
			return context.call(call);
		}
		catch (RuntimeException e) {
			throw e;
		}
		catch (Exception e) {
			throw new IllegalStateException(e);
		}
		finally {
			context.cancel(null);
		}
	}

	@PreDestroy
	void close() {
		timer.shutdownNow();
	}
}
