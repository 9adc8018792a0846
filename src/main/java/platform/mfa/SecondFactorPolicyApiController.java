package platform.mfa;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;

/** The tenant's two-factor policy for its ADMIN. */
@RestController
@AdminOnly
@RequestMapping("/v1/admin/two-factor-policy")
@Tag(name = "Admin: two-factor policy", description = """
		Whether the tenant's local-password users must use a second factor (TOTP): nobody, admins or \
		everyone. Users it requires who have none are sent to enrolment at their next console sign-in; \
		they call the API with API tokens, as HTTP Basic cannot carry the code.""")
class SecondFactorPolicyApiController {

	record TwoFactorPolicy(@NotBlank(message = "is required") @Pattern(regexp = "nobody|admins|everyone",
			message = "must be nobody, admins or everyone") @Schema(allowableValues = { "nobody", "admins", "everyone" }) String requiredFor) {
	}

	private final SecondFactors factors;

	SecondFactorPolicyApiController(SecondFactors factors) {
		this.factors = factors;
	}

	@GetMapping
	@Operation(summary = "Who must use a second factor")
	TwoFactorPolicy get(@AuthenticationPrincipal AppUser admin) {
		return new TwoFactorPolicy(factors.policy(admin.tenantId()));
	}

	@PutMapping
	@Operation(summary = "Require a second factor of nobody, the ADMINs or everyone (audited)")
	TwoFactorPolicy put(@AuthenticationPrincipal AppUser admin, @Valid @RequestBody TwoFactorPolicy policy) {
		factors.setPolicy(admin, policy.requiredFor());
		return new TwoFactorPolicy(factors.policy(admin.tenantId()));
	}
}
