package platform.security;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;

/** API tokens (service accounts) of the caller's tenant: ADMIN only, and only a person, never another token. */
@RestController
@RequestMapping("/v1/admin/api-tokens")
@AdminOnly
@Tag(name = "Admin: API tokens", description = """
		Tenant-scoped tokens for integrations: send them as Authorization: Bearer <token>. A token has \
		roles and an expiry, acts as token:<name> in its tenant, is shown once at creation and stored \
		only as a hash; revoked or expired tokens get 401. Tokens cannot manage tokens.""")
class ApiTokenApiController {

	record CreateApiToken(
			@Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "payroll-sync",
					description = "1 to 64 letters, digits, spaces, '.', '_' or '-'; unique among the tenant's active tokens") String name,
			@Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "[\"HR\"]",
					description = "At least one of HR, APPROVER, ADMIN") List<String> roles,
			@Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "2027-01-31T00:00:00Z",
					description = "When the token stops working; in the future, at most jmlhub.api-tokens.max-lifetime ahead") Instant expiresAt) {
	}

	@Schema(description = "The created token; `token` is the secret, shown this once")
	record CreatedApiToken(ApiToken apiToken,
			@Schema(description = "The secret: send as Authorization: Bearer <token>. It is not stored and cannot be shown again",
					example = "jmlh_3q2-7wEXAMPLEXAMPLEXAMPLEXAMPLEXAMPLEXAMP") String token) {
	}

	private final ApiTokens tokens;

	ApiTokenApiController(ApiTokens tokens) {
		this.tokens = tokens;
	}

	@PostMapping
	@Operation(summary = "Create an API token (the secret is in this response only)")
	@ApiResponse(responseCode = "201", description = "Created; Location points at the token")
	ResponseEntity<CreatedApiToken> create(@AuthenticationPrincipal AppUser admin, Authentication authentication,
			@RequestBody CreateApiToken request) {
		person(authentication);
		ApiTokens.Created created = tokens.create(admin, request.name(), request.roles(), request.expiresAt());
		return ResponseEntity.created(URI.create("/v1/admin/api-tokens/" + created.token().id()))
			.header("Cache-Control", "no-store")
			.body(new CreatedApiToken(created.token(), created.secret()));
	}

	@GetMapping
	@Operation(summary = "List the tenant's API tokens, newest first (without secrets)")
	List<ApiToken> list(@AuthenticationPrincipal AppUser admin, Authentication authentication) {
		person(authentication);
		return tokens.list(admin);
	}

	@GetMapping("/{id}")
	@Operation(summary = "One API token (without its secret)")
	ApiToken get(@AuthenticationPrincipal AppUser admin, Authentication authentication, @PathVariable UUID id) {
		person(authentication);
		return tokens.get(admin, id);
	}

	@DeleteMapping("/{id}")
	@Operation(summary = "Revoke an API token (at once, on every instance); revoking again changes nothing")
	@ApiResponse(responseCode = "204", description = "Revoked")
	ResponseEntity<Void> revoke(@AuthenticationPrincipal AppUser admin, Authentication authentication,
			@PathVariable UUID id) {
		person(authentication);
		tokens.revoke(admin, id);
		return ResponseEntity.noContent().build();
	}

	private static void person(Authentication authentication) {
		if (authentication instanceof ApiTokenAuthentication) {
			throw new DomainException.Forbidden("API tokens cannot manage API tokens; an ADMIN signs in as a person");
		}
	}
}
