package notifications.delivery;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.mail.MailAuthenticationException;
import org.springframework.mail.MailException;
import org.springframework.mail.MailParseException;
import org.springframework.mail.MailPreparationException;
import org.springframework.stereotype.Component;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.mail.MessagingException;
import jakarta.mail.SendFailedException;
import jakarta.mail.internet.AddressException;
import notifications.store.ClaimedMail;
import notifications.store.NotificationRepository;
import platform.OutageLog;
import platform.TenantTransactions;

/**
 * Works the pending notifications, as provisioning's effect dispatcher works effects: ask which
 * tenants have mail due (one cross-tenant function), then, per tenant, rescue expired leases and
 * claim a batch in a short unit of work (fenced by a token, leased), send each claimed mail outside
 * any transaction, and settle it in another short unit of work that holds only if the claim is
 * still ours. A failed attempt is due again after a backoff doubling from 30 s to 30 min until the
 * retry budget (24 h) since the first attempt is spent: then {@code failed}, until an admin's
 * retry. A refusal that retrying cannot change (a malformed or rejected address) fails at once.
 * The SMTP server away is an outage: one WARN, one INFO when it answers again.
 */
@Component
public class MailDispatcher implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(MailDispatcher.class);

	/** The name of its database outages in the log. */
	static final String COMPONENT = "Mail sender";

	private final TenantTransactions transactions;
	private final NotificationRepository notifications;
	private final MailTransport transport;
	private final NotificationProperties properties;
	private final Clock clock;
	private final MeterRegistry meters;
	private final OutageLog outages;
	private final AtomicBoolean woken = new AtomicBoolean();
	private volatile ScheduledExecutorService executor;

	MailDispatcher(TenantTransactions transactions, NotificationRepository notifications, MailTransport transport,
			NotificationProperties properties, Clock clock, MeterRegistry meters, OutageLog outages) {
		this.transactions = transactions;
		this.notifications = notifications;
		this.transport = transport;
		this.properties = properties;
		this.clock = clock;
		this.meters = meters;
		this.outages = outages;
	}

	/** Looks for due notifications soon (new ones were written, or one is to be retried). */
	public void wake() {
		woken.set(true);
	}

	/** One round over every tenant with mail due; the number of notifications attempted. */
	int round() {
		int attempted = 0;
		for (String tenantId : notifications.dueTenants(clock.instant())) {
			attempted += round(tenantId);
		}
		return attempted;
	}

	private int round(String tenantId) {
		UUID token = UUID.randomUUID();
		Instant now = clock.instant();
		List<ClaimedMail> claimed = transactions.inTenant(tenantId, () -> {
			int rescued = notifications.rescue(now);
			if (rescued > 0) {
				log.warn("Rescued {} notifications of tenant {} whose lease expired", rescued, tenantId);
			}
			return notifications.claim(token, now, now.plus(properties.lease()), properties.batchSize());
		});
		for (ClaimedMail mail : claimed) {
			attempt(mail);
		}
		return claimed.size();
	}

	private void attempt(ClaimedMail mail) {
		try {
			transport.send(mail);
			outages.succeeded(transport.server());
			Instant now = clock.instant();
			boolean held = transactions.inTenant(mail.tenantId(), () -> notifications.sent(mail.id(), mail.token(), now));
			if (held) {
				meters.counter("jmlhub.notifications.sent").increment();
			}
			else {
				log.warn("Notification {} of tenant {} was sent but its claim had been lost", mail.id(), mail.tenantId());
			}
		}
		catch (MailParseException | MailPreparationException | AddressException refused) {
			fail(mail, summary(refused), false);
		}
		catch (MailException | MessagingException failure) {
			if (unreachable(failure)) {
				// the SMTP server away: one WARN per outage, each notification keeps its own error
				outages.failed(transport.server(), failure);
				fail(mail, summary(failure), true);
			}
			else {
				fail(mail, summary(failure), !rejectedRecipient(failure));
			}
		}
	}

	private void fail(ClaimedMail mail, String error, boolean retryable) {
		Instant now = clock.instant();
		Instant next = retryable ? now.plus(backoff(mail.attempts())) : null;
		if (next != null && next.isAfter(mail.firstAttemptAt().plus(properties.retryBudget()))) {
			next = null;
		}
		Instant nextAttempt = next;
		transactions.runInTenant(mail.tenantId(), () -> notifications.fail(mail.id(), mail.token(), error, nextAttempt));
		meters.counter("jmlhub.notifications.failed", "final", String.valueOf(nextAttempt == null)).increment();
		if (nextAttempt == null) {
			log.warn("Notification {} of tenant {} failed for good (attempt {}): {}", mail.id(), mail.tenantId(),
					mail.attempts(), error);
		}
		else {
			log.debug("Notification {} of tenant {} failed (attempt {}), retried at {}: {}", mail.id(), mail.tenantId(),
					mail.attempts(), nextAttempt, error);
		}
	}

	Duration backoff(int attempts) {
		Duration backoff = properties.firstBackoff();
		for (int i = 1; i < attempts && backoff.compareTo(properties.maxBackoff()) < 0; i++) {
			backoff = backoff.multipliedBy(2);
		}
		return backoff.compareTo(properties.maxBackoff()) > 0 ? properties.maxBackoff() : backoff;
	}

	/** The server could not be reached or refused our credentials: every mail would fail alike. */
	static boolean unreachable(Exception failure) {
		if (failure instanceof MailAuthenticationException) {
			return true;
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
			if (cause instanceof ConnectException || cause instanceof SocketTimeoutException
					|| cause instanceof UnknownHostException || cause instanceof java.net.SocketException) {
				return true;
			}
			if (cause instanceof MessagingException messaging && messaging.getNextException() != null
					&& messaging.getNextException() != cause && unreachable(new Exception(messaging.getNextException()))) {
				return true;
			}
		}
		return false;
	}

	/** The server refused the recipient's address: sending again is refused again. */
	private static boolean rejectedRecipient(Exception failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
			if (cause instanceof SendFailedException sendFailed && sendFailed.getInvalidAddresses() != null
					&& sendFailed.getInvalidAddresses().length > 0) {
				return true;
			}
		}
		if (failure instanceof org.springframework.mail.MailSendException send) {
			return send.getFailedMessages().values().stream().anyMatch(e -> e instanceof SendFailedException sendFailed
					&& sendFailed.getInvalidAddresses() != null && sendFailed.getInvalidAddresses().length > 0);
		}
		return false;
	}

	/** What went wrong in one line: the innermost cause's message. */
	static String summary(Throwable failure) {
		Throwable root = failure;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		if (failure instanceof org.springframework.mail.MailSendException send && !send.getFailedMessages().isEmpty()) {
			root = send.getFailedMessages().values().iterator().next();
			while (root.getCause() != null && root.getCause() != root) {
				root = root.getCause();
			}
		}
		String message = root.getMessage() == null ? root.getClass().getSimpleName()
				: root.getClass().getSimpleName() + ": " + root.getMessage();
		String line = message.lines().findFirst().orElse(message);
		return line.length() > 500 ? line.substring(0, 500) : line;
	}

	@Override
	public void start() {
		if (!properties.enabled() || !transport.configured()) {
			return;
		}
		executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "notifications-mail");
			thread.setDaemon(true);
			return thread;
		});
		long tick = Math.max(50, Math.min(properties.pollInterval().toMillis(), 250));
		long[] since = { 0 };
		executor.scheduleWithFixedDelay(() -> {
			since[0] += tick;
			if (!woken.getAndSet(false) && since[0] < properties.pollInterval().toMillis()) {
				return;
			}
			since[0] = 0;
			try {
				while (round() > 0) {
					// more may be due: a batch was full
				}
				outages.succeeded(COMPONENT);
			}
			catch (RuntimeException failure) {
				// the database away is one WARN per outage; anything else is a bug and keeps its stack trace
				if (OutageLog.isOutage(failure)) {
					outages.failed(COMPONENT, failure);
				}
				else {
					log.error("A mail round failed; the next one retries", failure);
				}
			}
		}, tick, tick, TimeUnit.MILLISECONDS);
	}

	@Override
	public void stop() {
		ScheduledExecutorService running = executor;
		if (running != null) {
			running.shutdownNow();
			try {
				running.awaitTermination(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException interrupted) {
				Thread.currentThread().interrupt();
			}
			executor = null;
		}
	}

	@Override
	public boolean isRunning() {
		return executor != null;
	}
}
