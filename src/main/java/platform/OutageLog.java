package platform;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import platform.web.DatabaseOutage;

/**
 * What an outage leaves in the log: one WARN per component when it starts failing (the message,
 * no stack trace) and one INFO when it works again (how long it failed), whatever the number of
 * failed attempts in between. The attempts and their stack traces are logged at DEBUG (logger
 * {@code platform.OutageLog}), so a 12 s database stop or a Temporal cut no longer writes hundreds
 * of frames per instance. A component is any name a loop reports under ("Outbox dispatch", "Job
 * workflow_reconcile", "Temporal at host:7233").
 */
public final class OutageLog {

	private static final Logger log = LoggerFactory.getLogger(OutageLog.class);

	private final Clock clock;
	private final ConcurrentMap<String, Outage> outages = new ConcurrentHashMap<>();

	public OutageLog(Clock clock) {
		this.clock = clock;
	}

	/** An attempt of {@code component} failed: the first failure of an outage is the one WARN. */
	public void failed(String component, Throwable failure) {
		Instant now = clock.instant();
		Outage started = new Outage(now);
		Outage current = outages.putIfAbsent(component, started);
		if (current == null) {
			log.warn("{} unavailable since {}: {}. Further failures are logged at DEBUG until it recovers.", component,
					now.truncatedTo(ChronoUnit.SECONDS), summary(failure));
			log.debug("{}: the first failure", component, failure);
		}
		else {
			current.failures.incrementAndGet();
			log.debug("{} still unavailable: {}", component, summary(failure), failure);
		}
	}

	/** An attempt of {@code component} succeeded: ends its outage, if it had one, with the one INFO. */
	public void succeeded(String component) {
		if (outages.isEmpty()) {
			return;
		}
		Outage ended = outages.remove(component);
		if (ended != null) {
			long seconds = Duration.between(ended.since, clock.instant()).toSeconds();
			log.info("{} available again after {} s ({} failed attempts)", component, seconds, ended.failures.get());
		}
	}

	/** Whether {@code component} is in an outage (its last attempt failed). */
	public boolean failing(String component) {
		return outages.containsKey(component);
	}

	/**
	 * Whether {@code failure} is the state of a dependency (the database or Temporal cannot be
	 * reached) rather than a bug: only those belong here; a bug keeps its ERROR and stack trace.
	 */
	public static boolean isOutage(Throwable failure) {
		if (DatabaseOutage.isOutage(failure)) {
			return true;
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
			// a connection the server side closed (Netty's stackless variant when Temporal goes away mid-call)
			if (cause instanceof TemporalUnavailableException || cause instanceof java.nio.channels.ClosedChannelException) {
				return true;
			}
			// gRPC's StatusRuntimeException, named so that the platform API needs no gRPC type
			String message = String.valueOf(cause.getMessage());
			if (cause.getClass().getName().equals("io.grpc.StatusRuntimeException")
					&& (message.startsWith("UNAVAILABLE") || message.startsWith("DEADLINE_EXCEEDED"))) {
				return true;
			}
		}
		return false;
	}

	/** The innermost cause's message: what is wrong, in one line. */
	static String summary(Throwable failure) {
		Throwable root = failure;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		String message = root.getMessage() == null ? root.getClass().getSimpleName()
				: root.getClass().getSimpleName() + ": " + root.getMessage();
		return message.lines().findFirst().orElse(message);
	}

	private static final class Outage {

		final Instant since;
		final AtomicLong failures = new AtomicLong(1);

		Outage(Instant since) {
			this.since = since;
		}
	}
}
