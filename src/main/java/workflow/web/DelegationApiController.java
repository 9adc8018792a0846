package workflow.web;

import java.time.LocalDate;

import jakarta.validation.constraints.Size;

import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AppUser;
import platform.ApproverOnly;
import platform.DomainException;
import workflow.decisions.Delegations;
import workflow.decisions.Delegations.DelegationState;

/** The caller's out-of-office delegation (APPROVER): who decides their assignments while they are away. */
@RestController
@ApproverOnly
@Validated
@RequestMapping("/v1/me/delegation")
@Tag(name = "Delegation", description = """
		An approver's out-of-office delegate for a date range (UTC dates, both inclusive): while it lasts, new \
		assignments go to the delegate, and setting it moves the approver's open assignments too. Afterwards \
		(or once removed) the delegate keeps what they hold and new assignments go to the approver again.""")
class DelegationApiController {

	private final Delegations delegations;

	DelegationApiController(Delegations delegations) {
		this.delegations = delegations;
	}

	record DelegationBody(
			@Schema(description = "Username of an enabled APPROVER of the caller's tenant, not the caller", maxLength = 200) @Size(max = 200) String delegate,
			@Schema(description = "First day away (yyyy-mm-dd)") LocalDate from,
			@Schema(description = "Last day away (yyyy-mm-dd), at most 366 days after from") LocalDate until) {
	}

	record DelegationView(String delegate, LocalDate from, LocalDate until,
			@Schema(description = "Whether the range includes today (assignments go to the delegate now)") boolean active,
			@Schema(description = "Open assignments moved to the delegate by this request (0 on GET)") int movedAssignments) {

		static DelegationView of(DelegationState state) {
			return new DelegationView(state.delegation().delegate(), state.delegation().from(), state.delegation().until(),
					state.active(), state.movedAssignments());
		}
	}

	@GetMapping
	@Operation(summary = "The caller's delegation (APPROVER); 404 when none is set")
	@ApiResponse(responseCode = "200", description = "The delegation")
	@ApiResponse(responseCode = "404", description = "No delegation is set")
	DelegationView get(@AuthenticationPrincipal AppUser user) {
		return delegations.current(user).map(DelegationView::of)
			.orElseThrow(() -> new DomainException.NotFound("You have no delegation."));
	}

	@PutMapping
	@Operation(summary = "Set or replace the caller's delegation (APPROVER); audited")
	@ApiResponse(responseCode = "200", description = "Set; movedAssignments says how many open assignments went to the delegate")
	@ApiResponse(responseCode = "409", description = "The delegate is the caller (type self-delegation), no enabled user of the tenant "
			+ "(unknown-delegate; another tenant's users are unknown too), not an APPROVER (delegate-not-approver), or away or "
			+ "someone's delegate in the same range (delegation-chain)")
	DelegationView put(@AuthenticationPrincipal AppUser user, @RequestBody @Validated DelegationBody body) {
		return DelegationView.of(delegations.set(user, body.delegate(), body.from(), body.until()));
	}

	@DeleteMapping
	@Operation(summary = "Remove the caller's delegation (APPROVER; idempotent); the delegate keeps what they hold; audited")
	@ApiResponse(responseCode = "204", description = "Removed (or there was none)")
	ResponseEntity<Void> delete(@AuthenticationPrincipal AppUser user) {
		delegations.clear(user);
		return ResponseEntity.noContent().build();
	}
}
