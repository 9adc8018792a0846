package notifications.delivery;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.springframework.context.SmartLifecycle;
import org.springframework.mail.MailAuthenticationException;
import org.springframework.mail.MailParseException;
import org.springframework.mail.MailPreparationException;
import org.springframework.stereotype.Component;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.mail.MessagingException;
import jakarta.mail.SendFailedException;
import jakarta.mail.internet.AddressException;
import notifications.store.ClaimedMail;
import notifications.store.MailAttempt;
import notifications.store.NotificationRepository;
import platform.LeasedRowWorker;
import platform.OutageLog;
import platform.RetrySchedule;
import platform.TenantTransactions;

/**
 * Works the pending notifications on the platform's {@link LeasedRowWorker} (claims fenced by a
 * token and leased, settled only while still ours): this class is what is particular to mail. A
 * tenant's claimed batch goes over one SMTP connection and is settled in one transaction. A
 * failed attempt is due again after a backoff doubling from 30 s to 30 min until the retry budget
 * (24 h) since the first attempt is spent: then {@code failed}, until an admin's retry. A refusal
 * that retrying cannot change (a malformed or rejected address) fails at once. The SMTP server away
 * is an outage: one WARN, one INFO when it answers again.
 */
@Component
public class MailDispatcher implements SmartLifecycle {

	/** The name of its database outages in the log. */
	static final String COMPONENT = "Mail sender";

	private final MailTransport transport;
	private final NotificationProperties properties;
	private final OutageLog outages;
	private final LeasedRowWorker<ClaimedMail, MailAttempt> worker;

	MailDispatcher(TenantTransactions transactions, NotificationRepository notifications, MailTransport transport,
			NotificationProperties properties, Clock clock, MeterRegistry meters, OutageLog outages) {
		this.transport = transport;
		this.properties = properties;
		this.outages = outages;
		this.worker = new LeasedRowWorker<>(
				new LeasedRowWorker.Settings(COMPONENT, "notifications-mail", properties.pollInterval(), properties.lease(),
						properties.batchSize(), 1, "jmlhub.notifications"),
				notifications, this::attemptAll,
				new RetrySchedule(properties.firstBackoff(), properties.maxBackoff(), properties.retryBudget()),
				transactions, clock, meters, outages);
	}

	/** Looks for due notifications soon (new ones were written, or one is to be retried). */
	public void wake() {
		worker.wake();
	}

	/** One round over every tenant with mail due; the number of notifications attempted. */
	int round() {
		return worker.round();
	}

	/** A tenant's claimed mails, sent over one connection. */
	private List<MailAttempt> attemptAll(List<ClaimedMail> mails) {
		List<Exception> outcomes = transport.sendAll(mails);
		List<MailAttempt> attempts = new ArrayList<>();
		Exception outage = null;
		boolean anySent = false;
		for (Exception failure : outcomes) {
			if (failure == null) {
				anySent = true;
				attempts.add(MailAttempt.SENT);
			}
			else if (failure instanceof MailParseException || failure instanceof MailPreparationException
					|| failure instanceof AddressException) {
				attempts.add(MailAttempt.failed(summary(failure), false));
			}
			else if (unreachable(failure)) {
				outage = failure;
				attempts.add(MailAttempt.failed(summary(failure), true));
			}
			else {
				attempts.add(MailAttempt.failed(summary(failure), !rejectedRecipient(failure)));
			}
		}
		// the SMTP server away: one WARN per outage, each notification keeps its own error
		if (outage != null) {
			outages.failed(transport.server(), outage);
		}
		else if (anySent) {
			outages.succeeded(transport.server());
		}
		return attempts;
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
		if (properties.enabled() && transport.configured()) {
			worker.start();
		}
	}

	@Override
	public void stop() {
		worker.stop();
	}

	@Override
	public boolean isRunning() {
		return worker.running();
	}
}
