package notifications.webhooks;

import java.net.URI;
import java.net.URISyntaxException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

import platform.AppUser;
import platform.DomainException;
import platform.PlatformAudit;
import platform.SecretStore;
import platform.TenantTransactions;

/**
 * A tenant's webhook endpoints, as its admin manages them: register (the signing secret is made
 * here, sealed, and shown once), list, read, delete, enable again after a disable, read the
 * delivery log and redeliver one. Every change is audited. An endpoint's URL must be {@code https}
 * in production ({@code http} too in the demo) and may not name an inside address literally
 * unless private addresses are allowed; names are checked again on every delivery.
 */
@Service
class Webhooks {

	static final int MAX_URL = 2000;
	static final int LOG_SIZE = 100;

	private final TenantTransactions transactions;
	private final EndpointRepository endpoints;
	private final DeliveryRepository deliveries;
	private final SecretStore secrets;
	private final PlatformAudit audit;
	private final AddressGuard guard;
	private final WebhookSender sender;
	private final WebhookInterest interest;
	private final Clock clock;
	private final boolean demo;
	private final SecureRandom random = new SecureRandom();

	Webhooks(TenantTransactions transactions, EndpointRepository endpoints, DeliveryRepository deliveries,
			SecretStore secrets, PlatformAudit audit, AddressGuard guard, WebhookSender sender, WebhookInterest interest,
			Clock clock, @Value("${jmlhub.demo:false}") boolean demo) {
		this.interest = interest;
		this.transactions = transactions;
		this.endpoints = endpoints;
		this.deliveries = deliveries;
		this.secrets = secrets;
		this.audit = audit;
		this.guard = guard;
		this.sender = sender;
		this.clock = clock;
		this.demo = demo;
	}

	CreatedEndpoint register(AppUser admin, String url, List<String> events) {
		Map<String, String> errors = new LinkedHashMap<>();
		String checkedUrl = checkUrl(url, errors);
		List<String> checkedEvents = checkEvents(events, errors);
		if (errors.isEmpty() && !secrets.configured()) {
			errors.put("url", "cannot be registered: no secret key is configured (SECRETS_KEYS) to seal its signing secret");
		}
		if (!errors.isEmpty()) {
			throw new DomainException.InvalidInput(errors);
		}
		String secret = WebhookSignature.newSecret(random);
		Endpoint endpoint = new Endpoint(UUID.randomUUID(), checkedUrl, checkedEvents, Endpoint.ENABLED, clock.instant(),
				admin.getUsername(), null, null, null);
		return transactions.inTenant(admin.tenantId(), () -> {
			endpoints.insert(endpoint, secrets.seal(secret));
			interest.refresh();
			audit.record(admin.getUsername(), "webhook.endpoint.created", Map.of("subject", endpoint.id().toString(),
					"url", endpoint.url(), "events", endpoint.events()));
			return new CreatedEndpoint(endpoint, secret);
		});
	}

	List<Endpoint> list(String tenantId) {
		return transactions.readInTenant(tenantId, endpoints::list);
	}

	Endpoint get(String tenantId, UUID id) {
		return transactions.readInTenant(tenantId, () -> endpoints.find(id)).orElseThrow(() -> notFound(id));
	}

	List<DeliveryLogEntry> deliveries(String tenantId, UUID id) {
		return transactions.readInTenant(tenantId, () -> {
			endpoints.find(id).orElseThrow(() -> notFound(id));
			return deliveries.list(id, LOG_SIZE);
		});
	}

	void delete(AppUser admin, UUID id) {
		transactions.runInTenant(admin.tenantId(), () -> {
			Endpoint endpoint = endpoints.find(id).orElseThrow(() -> notFound(id));
			endpoints.delete(id);
			interest.refresh();
			audit.record(admin.getUsername(), "webhook.endpoint.deleted", Map.of("subject", id.toString(), "url",
					endpoint.url()));
		});
	}

	/** A disabled endpoint enabled again; its failed deliveries stay failed (redeliver them one by one). */
	Endpoint enable(AppUser admin, UUID id) {
		Endpoint enabled = transactions.inTenant(admin.tenantId(), () -> {
			Endpoint endpoint = endpoints.find(id).orElseThrow(() -> notFound(id));
			if (!endpoints.enable(id)) {
				throw new DomainException.Conflict("the endpoint is not disabled");
			}
			interest.refresh();
			audit.record(admin.getUsername(), "webhook.endpoint.enabled", Map.of("subject", id.toString(), "url",
					endpoint.url()));
			return endpoints.find(id).orElseThrow();
		});
		return enabled;
	}

	/** The delivery sent again (same webhook-id and payload, fresh retry budget). */
	void redeliver(AppUser admin, UUID endpointId, UUID deliveryId) {
		transactions.runInTenant(admin.tenantId(), () -> {
			Endpoint endpoint = endpoints.find(endpointId).orElseThrow(() -> notFound(endpointId));
			if (!endpoint.enabled()) {
				throw new DomainException.Conflict("the endpoint is disabled: enable it first");
			}
			if (!deliveries.redeliver(endpointId, deliveryId, clock.instant())) {
				throw new DomainException.Conflict("the delivery is not delivered or failed, or not this endpoint's");
			}
			audit.record(admin.getUsername(), "webhook.delivery.redelivered", Map.of("subject", endpointId.toString(),
					"delivery", deliveryId.toString()));
		});
		sender.wake();
	}

	private String checkUrl(String url, Map<String, String> errors) {
		if (url == null || url.isBlank()) {
			errors.put("url", "is required");
			return null;
		}
		if (url.length() > MAX_URL) {
			errors.put("url", "must be at most " + MAX_URL + " characters");
			return null;
		}
		URI uri;
		try {
			uri = new URI(url.strip());
		}
		catch (URISyntaxException invalid) {
			errors.put("url", "is not a URL");
			return null;
		}
		String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
		boolean allowed = scheme.equals("https") || (demo && scheme.equals("http"));
		if (!allowed) {
			errors.put("url", demo ? "must be an http or https URL" : "must be an https URL");
		}
		else if (uri.getHost() == null || uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
			errors.put("url", "must name a host, without user info or fragment");
		}
		else if (guard.insideLiteral(uri.getHost().replace("[", "").replace("]", ""))) {
			errors.put("url", "names a loopback, private or link-local address (allowed only with WEBHOOKS_ALLOW_PRIVATE=true)");
		}
		return uri.toString();
	}

	private static List<String> checkEvents(List<String> events, Map<String, String> errors) {
		if (events == null || events.isEmpty()) {
			errors.put("events", "must list event types, or [\"*\"] for all");
			return List.of();
		}
		LinkedHashSet<String> checked = new LinkedHashSet<>();
		for (int i = 0; i < events.size(); i++) {
			String type = events.get(i);
			if (WebhookEvents.ALL.equals(type)) {
				if (events.size() > 1) {
					errors.put("events", "\"*\" stands for all types and must be alone");
				}
			}
			else if (type == null || !WebhookEvents.known(type)) {
				errors.put("events[" + i + "]", "is not an event type a webhook can receive (one of: "
						+ String.join(", ", WebhookEvents.TYPES) + ")");
			}
			checked.add(type);
		}
		return List.copyOf(checked);
	}

	private static DomainException.NotFound notFound(UUID id) {
		return new DomainException.NotFound("No webhook endpoint " + id);
	}
}
