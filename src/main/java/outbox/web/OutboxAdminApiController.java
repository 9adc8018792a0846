package outbox.web;

import java.util.UUID;

import jakarta.validation.Valid;

import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import outbox.admin.Backlog;
import outbox.admin.BacklogService;
import outbox.admin.DeadLetter;
import outbox.admin.DeadLetterFilter;
import outbox.admin.DeadLetterService;
import outbox.admin.EventDetail;
import outbox.admin.EventQuery;
import outbox.admin.EventSearchService;
import outbox.admin.EventSummary;
import outbox.admin.Page;
import platform.AppUser;
import platform.AdminOnly;

/**
 * The outbox admin API (ADMIN role, always scoped to the caller's tenant): backlog, dead letters
 * and event search. An id of another tenant is indistinguishable from an unknown one (404).
 */
@RestController
@RequestMapping("/v1/admin/outbox")
@AdminOnly
@Tag(name = "Outbox administration", description = "Backlog, dead letters and event search of the caller's tenant")
class OutboxAdminApiController {

	private final BacklogService backlog;
	private final DeadLetterService deadLetters;
	private final EventSearchService events;

	OutboxAdminApiController(BacklogService backlog, DeadLetterService deadLetters, EventSearchService events) {
		this.backlog = backlog;
		this.deadLetters = deadLetters;
		this.events = events;
	}

	@GetMapping("/backlog")
	@Operation(summary = "Pending, processing and failed events, oldest pending age and counts per event type and consumer")
	Backlog backlog(@AuthenticationPrincipal AppUser user) {
		return backlog.backlog(user.tenantId());
	}

	@GetMapping("/dead-letters")
	@Operation(summary = "Dead letters, most recently failed first (keyset pagination)")
	Page<DeadLetter> deadLetters(@AuthenticationPrincipal AppUser user,
			@Parameter(description = "exact event type") @RequestParam(required = false) String eventType,
			@Parameter(description = "exact class name of the last error") @RequestParam(required = false) String errorClass,
			@Parameter(description = "exact consumer name") @RequestParam(required = false) String consumer,
			@Parameter(description = "nextCursor of the previous page") @RequestParam(required = false) String cursor,
			@Parameter(description = "page size, 1 to 200 (default 50)") @RequestParam(required = false) Integer limit) {
		return deadLetters.list(user.tenantId(), new DeadLetterFilter(eventType, errorClass, consumer), cursor, limit);
	}

	@GetMapping("/dead-letters/{id}")
	@Operation(summary = "One dead letter with its payload and attempt history")
	@ApiResponse(responseCode = "200", description = "The dead letter")
	@ApiResponse(responseCode = "404", description = "No such dead letter in the caller's tenant")
	EventDetail deadLetter(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		return deadLetters.get(user.tenantId(), id);
	}

	@PostMapping("/dead-letters/{id}/retry")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Re-drive one dead letter with a fresh attempt budget (its history is kept)")
	@ApiResponse(responseCode = "404", description = "No such dead letter in the caller's tenant")
	@ApiResponse(responseCode = "409", description = "The event is not a dead letter")
	void retry(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		deadLetters.retry(user.tenantId(), user.getUsername(), id);
	}

	@PostMapping("/dead-letters/{id}/discard")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Discard one dead letter")
	@ApiResponse(responseCode = "404", description = "No such dead letter in the caller's tenant")
	@ApiResponse(responseCode = "409", description = "The event is not a dead letter")
	void discard(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		deadLetters.discard(user.tenantId(), user.getUsername(), id);
	}

	@PostMapping("/dead-letters/retry")
	@Operation(summary = "Re-drive every dead letter matching the filter ({} for all) in one statement")
	Affected retryAll(@AuthenticationPrincipal AppUser user, @Valid @RequestBody DeadLetterFilter filter) {
		return new Affected(deadLetters.retryAll(user.tenantId(), user.getUsername(), filter));
	}

	@PostMapping("/dead-letters/discard")
	@Operation(summary = "Discard every dead letter matching the filter ({} for all) in one statement")
	Affected discardAll(@AuthenticationPrincipal AppUser user, @Valid @RequestBody DeadLetterFilter filter) {
		return new Affected(deadLetters.discardAll(user.tenantId(), user.getUsername(), filter));
	}

	@GetMapping("/events")
	@Operation(summary = "Search any outbox event, newest first (keyset pagination)")
	Page<EventSummary> events(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) UUID aggregateId,
			@RequestParam(required = false) String idempotencyKey, @RequestParam(required = false) String eventType,
			@Parameter(description = "pending, processing, delivered, failed or discarded") @RequestParam(required = false) String status,
			@Parameter(description = "exact consumer name") @RequestParam(required = false) String consumer,
			@RequestParam(required = false) String cursor, @RequestParam(required = false) Integer limit) {
		return events.search(user.tenantId(),
				new EventQuery(aggregateId, idempotencyKey, eventType, EventSearchService.status(status), consumer), cursor, limit);
	}

	@GetMapping("/events/{id}")
	@Operation(summary = "One outbox event with its state, payload and attempt history")
	@ApiResponse(responseCode = "200", description = "The event")
	@ApiResponse(responseCode = "404", description = "No such event in the caller's tenant")
	EventDetail event(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		return events.get(user.tenantId(), id);
	}

	/** How many dead letters a bulk action changed. */
	record Affected(int affected) {
	}
}
