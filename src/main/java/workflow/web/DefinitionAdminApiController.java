package workflow.web;

import java.util.List;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;
import workflow.definition.DefinitionAdministration;
import workflow.definition.DefinitionChanges;
import workflow.definition.DefinitionEdit;
import workflow.definition.DefinitionVersion;

/** The tenant's joiner, mover and leaver definitions (role ADMIN); a save is a new, audited version. */
@RestController
@AdminOnly
@RequestMapping("/v1/admin/definitions")
@Tag(name = "Admin: definitions", description = "Versioned approval definitions: stages, quorum, SLA, grants")
class DefinitionAdminApiController {

	private final DefinitionAdministration definitions;

	DefinitionAdminApiController(DefinitionAdministration definitions) {
		this.definitions = definitions;
	}

	/** A version with what changed against the one before it. */
	record VersionWithChanges(DefinitionVersion version, List<String> changes) {
	}

	@GetMapping
	@Operation(summary = "The current version of each of the tenant's definitions")
	List<DefinitionVersion> list(@AuthenticationPrincipal AppUser admin) {
		return definitions.list(admin.tenantId());
	}

	@GetMapping("/{key}")
	@Operation(summary = "The current version with its stages")
	DefinitionVersion get(@AuthenticationPrincipal AppUser admin, @PathVariable String key) {
		return definitions.current(admin.tenantId(), key);
	}

	@PutMapping("/{key}")
	@Operation(summary = "Save the stages as a new version (runs keep theirs); 422 problem+json with a reason per field "
			+ "when invalid (unknown group, quorum larger than the group's eligible approvers, ...); 409 when "
			+ "'version' is given and no longer current")
	DefinitionVersion save(@AuthenticationPrincipal AppUser admin, @PathVariable String key,
			@RequestBody DefinitionEdit edit) {
		return definitions.save(admin, key, edit);
	}

	@GetMapping("/{key}/versions")
	@Operation(summary = "Every version, newest first, each with its changes against the previous one")
	List<VersionWithChanges> versions(@AuthenticationPrincipal AppUser admin, @PathVariable String key) {
		List<DefinitionVersion> versions = definitions.versions(admin.tenantId(), key);
		return java.util.stream.IntStream.range(0, versions.size())
			.mapToObj(i -> new VersionWithChanges(versions.get(i),
					DefinitionChanges.between(i + 1 < versions.size() ? versions.get(i + 1) : null, versions.get(i))))
			.toList();
	}
}
