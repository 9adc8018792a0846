package hr.web;

import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import hr.HrTriggers;
import hr.TriggerSettings;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;
import platform.ExpectedVersion;

/** The tenant's HR triggers (role ADMIN): versioned (ETag / If-Match) and audited. */
@RestController
@AdminOnly
@RequestMapping("/v1/admin/hr/triggers")
@Tag(name = "Admin: HR triggers", description = "Which employee changes and dates start a joiner, mover or leaver run")
class TriggerAdminApiController {

	private final TriggerSettings settings;

	TriggerAdminApiController(TriggerSettings settings) {
		this.settings = settings;
	}

	@GetMapping
	@Operation(summary = "The tenant's HR triggers (version 0 and all off when never saved)")
	ResponseEntity<HrTriggers> get(@AuthenticationPrincipal AppUser admin) {
		HrTriggers triggers = settings.get(admin.tenantId());
		return ExpectedVersion.withETag(triggers, triggers.version());
	}

	@PutMapping
	@Operation(summary = "Save the triggers, naming the version they replace (If-Match or \"version\"); "
			+ "a trigger or offset left out is off; offsets are days within -180..180 (400 otherwise)")
	ResponseEntity<HrTriggers> save(@AuthenticationPrincipal AppUser admin,
			@RequestHeader(name = "If-Match", required = false) String ifMatch, @RequestBody TriggersBody body) {
		HrTriggers saved = settings.save(admin.tenantId(), admin.getUsername(), body.triggers(),
				ExpectedVersion.of(ifMatch, body.version()));
		return ExpectedVersion.withETag(saved, saved.version());
	}
}
