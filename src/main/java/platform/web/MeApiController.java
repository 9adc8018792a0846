package platform.web;

import java.util.List;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AppUser;
import platform.Role;

/** Who am I: username, tenant, roles and groups of the caller. */
@RestController
@Tag(name = "Caller", description = "Who the credentials belong to")
class MeApiController {

	record Me(String username, String tenant, List<String> roles, List<String> groups) {
	}

	@GetMapping("/v1/me")
	@Operation(summary = "The caller: username, tenant, roles and groups (an API token is token:<name>)")
	Me me(@AuthenticationPrincipal AppUser user) {
		return new Me(user.getUsername(), user.tenantId(), user.roles().stream().map(Role::name).sorted().toList(),
				user.groups().stream().sorted().toList());
	}
}
