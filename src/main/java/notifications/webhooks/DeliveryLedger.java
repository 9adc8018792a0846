package notifications.webhooks;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import notifications.intake.AdminNotices;
import platform.LeasedRows;
import platform.PlatformAudit;

/**
 * The deliveries as the leased-row worker works them, and what an attempt means for its endpoint:
 * a success ends the endpoint's failing streak; a failure starts one, and an endpoint failing for
 * longer than {@code disableAfter} is disabled in the same unit of work: its pending deliveries
 * fail, and the audit trail records it (actor {@value #SYSTEM}), which is how its admins are told
 * (the Webhooks page shows it disabled, with the reason).
 */
@Component
class DeliveryLedger implements LeasedRows<ClaimedDelivery, DeliveryAttempt> {

	private static final Logger log = LoggerFactory.getLogger(DeliveryLedger.class);

	static final String SYSTEM = "system";
	static final String NOT_SENT = "Not sent: the endpoint was disabled";

	private final DeliveryRepository deliveries;
	private final EndpointRepository endpoints;
	private final PlatformAudit audit;
	private final WebhookProperties properties;
	private final WebhookInterest interest;
	private final AdminNotices notices;

	DeliveryLedger(DeliveryRepository deliveries, EndpointRepository endpoints, PlatformAudit audit,
			WebhookProperties properties, WebhookInterest interest, AdminNotices notices) {
		this.interest = interest;
		this.notices = notices;
		this.deliveries = deliveries;
		this.endpoints = endpoints;
		this.audit = audit;
		this.properties = properties;
	}

	@Override
	public List<String> dueTenants(Instant now) {
		return deliveries.dueTenants(now);
	}

	@Override
	public int rescue(Instant now) {
		return deliveries.rescue(now);
	}

	@Override
	public List<ClaimedDelivery> claim(UUID token, Instant now, Instant leaseUntil, int limit) {
		return deliveries.claim(token, now, leaseUntil, limit);
	}

	@Override
	public boolean settle(ClaimedDelivery delivery, DeliveryAttempt attempt, Instant nextAttemptAt, Instant now) {
		if (!deliveries.settle(delivery, attempt, nextAttemptAt, now)) {
			return false;
		}
		if (attempt.succeeded()) {
			endpoints.succeeded(delivery.endpointId());
			return true;
		}
		if (endpoints.find(delivery.endpointId()).filter(Endpoint::enabled).isEmpty()) {
			// claimed in the batch whose failure disabled the endpoint: not sent again either
			deliveries.failPending(delivery.endpointId(), NOT_SENT);
			return true;
		}
		Instant failingSince = endpoints.failed(delivery.endpointId(), now);
		if (!failingSince.plus(properties.disableAfter()).isAfter(now)) {
			disable(delivery, failingSince, now, attempt.error());
		}
		return true;
	}

	private void disable(ClaimedDelivery delivery, Instant failingSince, Instant now, String lastError) {
		String reason = "Every delivery failed since " + failingSince + " (last: " + lastError + ")";
		if (!endpoints.disable(delivery.endpointId(), now, reason)) {
			return;
		}
		interest.refresh();
		int dropped = deliveries.failPending(delivery.endpointId(), NOT_SENT);
		audit.record(SYSTEM, "webhook.endpoint.disabled", Map.of("subject", delivery.endpointId().toString(), "url",
				delivery.url(), "failingSince", failingSince.toString(), "lastError", String.valueOf(lastError),
				"pendingDropped", dropped));
		notices.endpointDisabled(delivery.tenantId(), delivery.endpointId(), delivery.url(), reason, now);
		log.warn("Webhook endpoint {} of tenant {} disabled: {}", delivery.endpointId(), delivery.tenantId(), reason);
	}
}
