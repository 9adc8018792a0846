package notifications.webhooks;

import java.io.IOException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.util.Optional;

import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import io.micrometer.core.instrument.MeterRegistry;
import platform.LeasedRowWorker;
import platform.OutageLog;
import platform.RetrySchedule;
import platform.SecretStore;
import platform.TenantTransactions;

/**
 * Sends the due deliveries on the platform's {@link LeasedRowWorker}: each one a POST of the kept
 * payload, signed after Standard Webhooks ({@code webhook-id}, {@code webhook-timestamp},
 * {@code webhook-signature}), with bounded connect and response timeouts and redirects never
 * followed (a 3xx is a failure). A 2xx answer delivers it; anything else, a timeout or a refused
 * connection is retried on the backoff; an address the {@link AddressGuard} refuses fails at once.
 */
@Component
class WebhookSender implements SmartLifecycle {

	static final String COMPONENT = "Webhook sender";

	private final SecretStore secrets;
	private final AddressGuard guard;
	private final WebhookProperties properties;
	private final Clock clock;
	private final HttpClient http;
	private final LeasedRowWorker<ClaimedDelivery, DeliveryAttempt> worker;

	WebhookSender(TenantTransactions transactions, DeliveryLedger ledger, SecretStore secrets, AddressGuard guard,
			WebhookProperties properties, Clock clock, MeterRegistry meters, OutageLog outages) {
		this.secrets = secrets;
		this.guard = guard;
		this.properties = properties;
		this.clock = clock;
		this.http = HttpClient.newBuilder()
			.connectTimeout(properties.connectTimeout())
			.followRedirects(HttpClient.Redirect.NEVER)
			.version(HttpClient.Version.HTTP_1_1)
			.build();
		this.worker = new LeasedRowWorker<>(
				new LeasedRowWorker.Settings(COMPONENT, "notifications-webhooks", properties.pollInterval(),
						properties.lease(), properties.batchSize(), properties.parallelism(), "jmlhub.webhooks"),
				ledger, this::attempt,
				new RetrySchedule(properties.firstBackoff(), properties.maxBackoff(), properties.retryBudget()),
				transactions, clock, meters, outages);
	}

	/** Looks for due deliveries soon. */
	void wake() {
		worker.wake();
	}

	/** One round over every tenant with deliveries due; how many were attempted. */
	int round() {
		return worker.round();
	}

	DeliveryAttempt attempt(ClaimedDelivery delivery) {
		long started = System.nanoTime();
		try {
			URI uri = URI.create(delivery.url());
			Optional<String> refused = guard.refusal(uri.getHost());
			if (refused.isPresent()) {
				return new DeliveryAttempt(false, false, "Refused: " + refused.get(), null, 0);
			}
			long timestamp = clock.instant().getEpochSecond();
			String secret = secrets.open(delivery.sealedSecret());
			HttpRequest request = HttpRequest.newBuilder(uri)
				.timeout(properties.requestTimeout())
				.header("Content-Type", "application/json")
				.header("User-Agent", "JML-Hub-Webhooks/1")
				.header("webhook-id", delivery.messageId())
				.header("webhook-timestamp", Long.toString(timestamp))
				.header("webhook-signature", WebhookSignature.sign(secret, delivery.messageId(), timestamp,
						delivery.payload()))
				.POST(HttpRequest.BodyPublishers.ofString(delivery.payload()))
				.build();
			HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
			long millis = millisSince(started);
			int code = response.statusCode();
			if (code >= 200 && code < 300) {
				return new DeliveryAttempt(true, false, null, code, millis);
			}
			String error = code >= 300 && code < 400 ? "HTTP " + code + ": redirects are not followed"
					: "HTTP " + code;
			return new DeliveryAttempt(false, true, error, code, millis);
		}
		catch (UnknownHostException unknown) {
			return new DeliveryAttempt(false, true, "Unknown host: " + unknown.getMessage(), null, millisSince(started));
		}
		catch (HttpTimeoutException timeout) {
			return new DeliveryAttempt(false, true, "Timed out: " + timeout.getMessage(), null, millisSince(started));
		}
		catch (IOException failure) {
			return new DeliveryAttempt(false, true, summary(failure), null, millisSince(started));
		}
		catch (IllegalArgumentException invalid) {
			return new DeliveryAttempt(false, false, "Invalid URL: " + invalid.getMessage(), null, millisSince(started));
		}
		catch (InterruptedException interrupted) {
			Thread.currentThread().interrupt();
			return new DeliveryAttempt(false, true, "Interrupted: the sender was stopping", null, millisSince(started));
		}
	}

	private static long millisSince(long started) {
		return (System.nanoTime() - started) / 1_000_000;
	}

	/** The innermost cause in one line. */
	private static String summary(Throwable failure) {
		Throwable root = failure;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		String message = root.getMessage() == null ? root.getClass().getSimpleName()
				: root.getClass().getSimpleName() + ": " + root.getMessage();
		String line = message.lines().findFirst().orElse(message);
		return line.length() > 500 ? line.substring(0, 500) : line;
	}

	@Override
	public void start() {
		if (properties.enabled()) {
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
