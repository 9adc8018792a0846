package platform.admin.web;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;
import platform.security.SsoAdministration;
import platform.security.SsoAdministration.SsoRequest;
import platform.security.SsoAdministration.SsoView;

/** The tenant's single sign-on (OIDC) configuration (role ADMIN); audited, the secret is never returned. */
@RestController
@AdminOnly
@RequestMapping("/v1/admin/sso")
@Tag(name = "Admin: single sign-on", description = "OIDC issuer, client, claims, group mappings, local passwords")
class SsoAdminApiController {

	private final SsoAdministration sso;

	SsoAdminApiController(SsoAdministration sso) {
		this.sso = sso;
	}

	@GetMapping
	@Operation(summary = "The tenant's single sign-on configuration (the client secret is never returned)")
	SsoView get(@AuthenticationPrincipal AppUser admin) {
		return sso.get(admin.tenantId());
	}

	@PutMapping
	@Operation(summary = "Save the configuration; the issuer must answer OpenID discovery (422 otherwise); "
			+ "clientSecret absent keeps the saved one; localPasswords=false leaves single sign-on as the only login")
	SsoView save(@AuthenticationPrincipal AppUser admin, @RequestBody SsoRequest request) {
		return sso.save(admin, request);
	}
}
