package platform.web;

import java.util.List;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import platform.AppUser;
import platform.Role;

/** Who am I: username, tenant, roles and groups of the caller. */
@RestController
class MeApiController {

	record Me(String username, String tenant, List<String> roles, List<String> groups) {
	}

	@GetMapping("/v1/me")
	Me me(@AuthenticationPrincipal AppUser user) {
		return new Me(user.getUsername(), user.tenantId(), user.roles().stream().map(Role::name).sorted().toList(),
				user.groups().stream().sorted().toList());
	}
}
