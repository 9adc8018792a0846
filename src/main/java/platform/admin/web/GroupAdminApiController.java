package platform.admin.web;

import java.net.URI;
import java.util.List;

import jakarta.validation.Valid;

import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;
import platform.admin.AdminGroup;
import platform.admin.DirectoryAdministration;
import platform.admin.DirectoryCommands.GroupName;

/** The groups of the admin's tenant, the approver groups definitions name (role ADMIN); audited. */
@RestController
@AdminOnly
@RequestMapping("/v1/admin/groups")
@Tag(name = "Admin: groups", description = "Approver groups: create, rename, members")
class GroupAdminApiController {

	private final DirectoryAdministration administration;

	GroupAdminApiController(DirectoryAdministration administration) {
		this.administration = administration;
	}

	@GetMapping
	@Operation(summary = "The tenant's groups with their members")
	List<AdminGroup> list(@AuthenticationPrincipal AppUser admin) {
		return administration.groups(admin.tenantId());
	}

	@PostMapping
	@Operation(summary = "Create a group ({\"name\"}); 409 when it exists")
	ResponseEntity<AdminGroup> create(@AuthenticationPrincipal AppUser admin, @Valid @RequestBody GroupName group) {
		AdminGroup created = administration.createGroup(admin, group.name());
		return ResponseEntity.created(URI.create("/v1/admin/groups/" + created.name())).body(created);
	}

	@GetMapping("/{name}")
	@Operation(summary = "One group with its members")
	AdminGroup get(@AuthenticationPrincipal AppUser admin, @PathVariable String name) {
		return administration.group(admin.tenantId(), name);
	}

	@PatchMapping("/{name}")
	@Operation(summary = "Rename ({\"name\": new name}); 409 while a definition or an open stage names the group")
	AdminGroup rename(@AuthenticationPrincipal AppUser admin, @PathVariable String name,
			@Valid @RequestBody GroupName rename) {
		return administration.renameGroup(admin, name, rename.name());
	}

	@PutMapping("/{name}/members/{username}")
	@Operation(summary = "Add a member (idempotent)")
	AdminGroup addMember(@AuthenticationPrincipal AppUser admin, @PathVariable String name, @PathVariable String username) {
		return administration.addMember(admin, name, username);
	}

	@DeleteMapping("/{name}/members/{username}")
	@Operation(summary = "Remove a member (idempotent)")
	AdminGroup removeMember(@AuthenticationPrincipal AppUser admin, @PathVariable String name,
			@PathVariable String username) {
		return administration.removeMember(admin, name, username);
	}
}
