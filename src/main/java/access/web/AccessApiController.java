package access.web;

import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import access.AccessDecision;
import access.AccessPackage;
import access.AccessRequest;
import access.AccessRequests;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AppUser;
import platform.DomainException;

/**
 * Access requests as JSON: what the caller may request, a request, its decisions. Every decision
 * may name the {@code version} the caller read; a request someone else moved first answers 409
 * {@code stale}.
 */
@RestController
@Tag(name = "Access requests", description = "Request a package of the access catalog, decide, cancel, see what I hold")
class AccessApiController {

	private final AccessRequests requests;

	AccessApiController(AccessRequests requests) {
		this.requests = requests;
	}

	/** A new request: {@code beneficiary} null for oneself; {@code until} a day (null: the package's longest). */
	record NewRequest(String packageKey, String beneficiary, String justification, LocalDate until, String exceptionReason) {

		// the field is "package" in JSON, a reserved word in Java
		@com.fasterxml.jackson.annotation.JsonCreator
		static NewRequest of(@com.fasterxml.jackson.annotation.JsonProperty("package") String packageKey,
				@com.fasterxml.jackson.annotation.JsonProperty("beneficiary") String beneficiary,
				@com.fasterxml.jackson.annotation.JsonProperty("justification") String justification,
				@com.fasterxml.jackson.annotation.JsonProperty("until") LocalDate until,
				@com.fasterxml.jackson.annotation.JsonProperty("exceptionReason") String exceptionReason) {
			return new NewRequest(packageKey, beneficiary, justification, until, exceptionReason);
		}
	}

	/** A decision: the version the caller read (optional) and a reason (optional). */
	record Decision(Integer version, String reason) {
	}

	/** What a request answers: its id, status, version and, once approved, until when. */
	record Created(UUID id, String status, int version) {
	}

	/** A request with its history. */
	record RequestDetail(AccessRequest request, List<AccessDecision> history) {
	}

	/** What the caller holds: a package, until when, by which request. */
	record Held(UUID request, String packageKey, String packageName, Instant until) {
	}

	@GetMapping("/v1/access-packages")
	@Operation(summary = "The packages the caller may request for themselves")
	List<AccessPackage> packages(@AuthenticationPrincipal AppUser user) {
		return requests.requestable(user);
	}

	@PostMapping("/v1/access-requests")
	@Operation(summary = "Request a package for myself or, as their manager, for a report; 201 with id and status. "
			+ "409 incompatible-packages names the conflicting packages (an admin may send exceptionReason); "
			+ "403 not-your-report / not-requestable; 422 when the package needs a manager HR does not record")
	ResponseEntity<Created> submit(@AuthenticationPrincipal AppUser user, @RequestBody NewRequest body) {
		AccessRequest request = requests.submit(user, new AccessRequests.Submission(body.packageKey(), body.beneficiary(),
				body.justification(), body.until(), body.exceptionReason()));
		return ResponseEntity.created(URI.create("/v1/access-requests/" + request.id()))
			.body(new Created(request.id(), request.status().value(), request.version()));
	}

	@GetMapping("/v1/access-requests/{id}")
	@Operation(summary = "A request and its history (its parties, approvers and admins; 404 for anyone else)")
	RequestDetail request(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		AccessRequests.RequestView view = requests.get(user, id);
		return new RequestDetail(view.request(), view.history());
	}

	@PostMapping("/v1/access-requests/{id}/{action}")
	@Operation(summary = "approve | reject (the waiting step's approver or their delegate; never the requester or the "
			+ "beneficiary: 403 self-approval), cancel (requester or beneficiary), revoke (ADMIN); 409 stale when someone "
			+ "moved the request first")
	Created act(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, @PathVariable String action,
			@RequestBody(required = false) Decision body) {
		Integer version = body == null ? null : body.version();
		String reason = body == null ? null : body.reason();
		AccessRequest moved = switch (action) {
			case "approve" -> requests.approve(user, id, version, reason);
			case "reject" -> requests.reject(user, id, version, reason);
			case "cancel" -> requests.cancel(user, id, version, reason);
			case "revoke" -> requests.revoke(user, id, version, reason);
			default -> throw new DomainException.NotFound("No such action: approve, reject, cancel or revoke.");
		};
		return new Created(moved.id(), moved.status().value(), moved.version());
	}

	@GetMapping("/v1/me/access")
	@Operation(summary = "The packages I hold, until when")
	List<Held> mine(@AuthenticationPrincipal AppUser user) {
		return requests.held(user).stream()
			.map(r -> new Held(r.id(), r.packageKey(), r.packageName(), r.expiresAt()))
			.toList();
	}
}
