package platform.admin.web;

import java.net.URI;

import jakarta.validation.Valid;

import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;
import platform.admin.AdminUser;
import platform.admin.DirectoryAdministration;
import platform.admin.DirectoryCommands.NewUser;
import platform.admin.DirectoryCommands.UserChanges;
import platform.admin.UserPage;

/** The users of the admin's tenant (role ADMIN); every change is audited. */
@RestController
@AdminOnly
@RequestMapping("/v1/admin/users")
@Tag(name = "Admin: users", description = "Users of the tenant: create, change roles, reset password, disable/enable")
class UserAdminApiController {

	private final DirectoryAdministration administration;

	UserAdminApiController(DirectoryAdministration administration) {
		this.administration = administration;
	}

	@GetMapping
	@Operation(summary = "List or search (q: username, name or email) users; keyset pagination with cursor")
	UserPage list(@AuthenticationPrincipal AppUser admin, @RequestParam(required = false) String q,
			@RequestParam(required = false) String cursor,
			@RequestParam(defaultValue = "" + DirectoryAdministration.DEFAULT_LIMIT) int limit) {
		return administration.users(admin.tenantId(), q, cursor, limit);
	}

	@PostMapping
	@Operation(summary = "Create a user; 409 when the username (or email) exists in this tenant")
	ResponseEntity<AdminUser> create(@AuthenticationPrincipal AppUser admin, @Valid @RequestBody NewUser user) {
		AdminUser created = administration.create(admin, user);
		return ResponseEntity.created(URI.create("/v1/admin/users/" + created.username())).body(created);
	}

	@GetMapping("/{username}")
	@Operation(summary = "One user with roles, groups, state and the open assignments flagged when disabled")
	AdminUser get(@AuthenticationPrincipal AppUser admin, @PathVariable String username) {
		return administration.user(admin.tenantId(), username);
	}

	@PatchMapping("/{username}")
	@Operation(summary = "Change display name, email, roles, or reset the password (absent fields stay); "
			+ "409 when it would remove the tenant's last ADMIN")
	AdminUser update(@AuthenticationPrincipal AppUser admin, @PathVariable String username,
			@Valid @RequestBody UserChanges changes) {
		return administration.update(admin, username, changes);
	}

	@PostMapping("/{username}/disable")
	@Operation(summary = "Disable: no sign-in, no longer an eligible approver; the answer lists their open "
			+ "assignments, now flagged; 409 for the tenant's last ADMIN")
	AdminUser disable(@AuthenticationPrincipal AppUser admin, @PathVariable String username) {
		return administration.setEnabled(admin, username, false);
	}

	@PostMapping("/{username}/enable")
	@Operation(summary = "Enable a disabled user: they can sign in and approve again")
	AdminUser enable(@AuthenticationPrincipal AppUser admin, @PathVariable String username) {
		return administration.setEnabled(admin, username, true);
	}
}
