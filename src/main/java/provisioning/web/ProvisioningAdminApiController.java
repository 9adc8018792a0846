package provisioning.web;

import java.util.List;

import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;
import platform.ExpectedVersion;
import provisioning.settings.Entitlement;
import provisioning.settings.EntitlementSettings;
import provisioning.settings.ProvisioningSettings;
import provisioning.settings.Target;
import provisioning.settings.TargetSettings;

/** The tenant's provisioning targets and entitlements (role ADMIN); a save is a new, audited version. */
@RestController
@AdminOnly
@RequestMapping("/v1/admin/provisioning")
@Tag(name = "Admin: provisioning", description = "Directories (targets) and what a grant label means on them (entitlements)")
class ProvisioningAdminApiController {

	private final ProvisioningSettings settings;

	ProvisioningAdminApiController(ProvisioningSettings settings) {
		this.settings = settings;
	}

	/** A PUT of targets: the version it replaces and the whole new list. */
	record TargetsEdit(Integer version, List<Target> targets) {
	}

	/** A PUT of entitlements: the version it replaces and the whole new list. */
	record EntitlementsEdit(Integer version, List<Entitlement> entitlements) {
	}

	@GetMapping("/targets")
	@Operation(summary = "The tenant's directories; bind passwords are never returned (bindPasswordSet says whether one is stored)")
	ResponseEntity<TargetSettings> targets(@AuthenticationPrincipal AppUser admin) {
		TargetSettings current = settings.targets(admin.tenantId());
		return ExpectedVersion.withETag(current, current.version());
	}

	@PutMapping("/targets")
	@Operation(summary = "Replace the directories as a new version (If-Match or 'version' required; 0 for the first); "
			+ "a target without bindPassword keeps its stored one; 400 problem+json naming each bad field")
	ResponseEntity<TargetSettings> saveTargets(@AuthenticationPrincipal AppUser admin,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch, @RequestBody TargetsEdit edit) {
		TargetSettings saved = settings.saveTargets(admin, ExpectedVersion.of(ifMatch, edit.version()), edit.targets());
		return ExpectedVersion.withETag(saved, saved.version());
	}

	@GetMapping("/entitlements")
	@Operation(summary = "What each grant label means on each directory")
	ResponseEntity<EntitlementSettings> entitlements(@AuthenticationPrincipal AppUser admin) {
		EntitlementSettings current = settings.entitlements(admin.tenantId());
		return ExpectedVersion.withETag(current, current.version());
	}

	@PutMapping("/entitlements")
	@Operation(summary = "Replace the entitlements as a new version (If-Match or 'version' required; 0 for the first); "
			+ "400 problem+json naming each bad field (unknown target, bad naming rule, a group that is not a DN)")
	ResponseEntity<EntitlementSettings> saveEntitlements(@AuthenticationPrincipal AppUser admin,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch, @RequestBody EntitlementsEdit edit) {
		EntitlementSettings saved = settings.saveEntitlements(admin, ExpectedVersion.of(ifMatch, edit.version()),
				edit.entitlements());
		return ExpectedVersion.withETag(saved, saved.version());
	}
}
