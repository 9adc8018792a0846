package provisioning.web;

import java.util.List;
import java.util.UUID;

import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;
import platform.HrOnly;
import provisioning.effects.Effect;
import provisioning.effects.Effects;

/** The effects of a run (admin), retrying a failed one (admin), and an employee's effects on the directories (HR). */
@RestController
@Tag(name = "Provisioning effects", description = "What approved grants did in the directories, with read-back receipts")
class EffectApiController {

	private final Effects effects;

	EffectApiController(Effects effects) {
		this.effects = effects;
	}

	@GetMapping("/v1/admin/provisioning/effects")
	@AdminOnly
	@Operation(summary = "The effects of a run in their order: grant, target, operation, status, scheduledFor, attempts, "
			+ "lastError, receipt (the object and its groups before and after, as the directory read them back)")
	List<Effect> ofRun(@AuthenticationPrincipal AppUser admin, @RequestParam UUID runId) {
		return effects.ofRun(admin.tenantId(), runId);
	}

	@PostMapping("/v1/admin/provisioning/effects/{id}/retry")
	@AdminOnly
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Schedule a failed effect again with a fresh retry budget; 404 when unknown, 409 unless it is failed")
	void retry(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id) {
		effects.retry(admin, id);
	}

	@GetMapping("/v1/hr/employees/{id}/accounts")
	@HrOnly
	@Operation(summary = "The employee's effects on each directory, with the receipts that say which account and groups they have; "
			+ "404 when none is known")
	List<Effect> accounts(@AuthenticationPrincipal AppUser hr, @PathVariable UUID id) {
		return effects.ofEmployee(hr.tenantId(), id);
	}
}
