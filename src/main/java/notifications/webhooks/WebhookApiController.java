package notifications.webhooks;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;

/** The tenant's webhook endpoints (role ADMIN): register, list, read, delete, the delivery log, redeliver. */
@RestController
@AdminOnly
@RequestMapping("/v1/admin/webhooks")
@Tag(name = "Admin: webhooks", description = "Endpoints of other systems that receive signed events (Standard Webhooks)")
class WebhookApiController {

	private final Webhooks webhooks;

	WebhookApiController(Webhooks webhooks) {
		this.webhooks = webhooks;
	}

	/** A new endpoint: its URL and the event types it wants (or ["*"]). */
	record Registration(String url, List<String> events) {
	}

	/** The answer to a registration: the endpoint and its signing secret, shown this once. */
	record Registered(UUID id, String url, List<String> events, String status, Instant createdAt, String createdBy,
			String secret) {
	}

	@PostMapping
	@Operation(summary = "Register an endpoint; 201 with its signing secret (whsec_…), which is never shown again; "
			+ "400 problem+json for a bad URL (https only in production, no inside address) or an unknown event type")
	ResponseEntity<Registered> register(@AuthenticationPrincipal AppUser admin, @RequestBody Registration registration) {
		CreatedEndpoint created = webhooks.register(admin, registration.url(), registration.events());
		Endpoint endpoint = created.endpoint();
		return ResponseEntity.created(URI.create("/v1/admin/webhooks/" + endpoint.id()))
			.body(new Registered(endpoint.id(), endpoint.url(), endpoint.events(), endpoint.status(),
					endpoint.createdAt(), endpoint.createdBy(), created.secret()));
	}

	@GetMapping
	@Operation(summary = "The tenant's endpoints (never their secrets)")
	List<Endpoint> list(@AuthenticationPrincipal AppUser admin) {
		return webhooks.list(admin.tenantId());
	}

	@GetMapping("/{id}")
	@Operation(summary = "One endpoint (never its secret); a disabled one says since when and why")
	Endpoint get(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id) {
		return webhooks.get(admin.tenantId(), id);
	}

	@DeleteMapping("/{id}")
	@Operation(summary = "Delete an endpoint and its delivery log; nothing more is sent to it")
	ResponseEntity<Void> delete(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id) {
		webhooks.delete(admin, id);
		return ResponseEntity.noContent().build();
	}

	@PostMapping("/{id}/enable")
	@Operation(summary = "Enable a disabled endpoint again (409 unless disabled)")
	Endpoint enable(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id) {
		return webhooks.enable(admin, id);
	}

	@GetMapping("/{id}/deliveries")
	@Operation(summary = "The endpoint's newest deliveries: status, attempts, last response code, duration and error")
	List<DeliveryLogEntry> deliveries(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id) {
		return webhooks.deliveries(admin.tenantId(), id);
	}

	@PostMapping("/{id}/deliveries/{deliveryId}/redeliver")
	@Operation(summary = "Send a delivered or failed delivery again (same webhook-id and payload): queued, 204; 409 otherwise")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	void redeliver(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id, @PathVariable UUID deliveryId) {
		webhooks.redeliver(admin, id, deliveryId);
	}
}
