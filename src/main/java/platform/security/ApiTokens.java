package platform.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

import platform.AppUser;
import platform.DomainException;
import platform.Role;
import platform.TenantTransactions;
import tools.jackson.databind.json.JsonMapper;

/**
 * API tokens of a tenant: an ADMIN (a person, not another token) creates one with roles and an
 * expiry and sees its secret once; tokens are listed without secrets and revoked. Creating and
 * revoking are audited in {@code platform_audit}.
 */
@Service
@EnableConfigurationProperties(ApiTokens.Settings.class)
class ApiTokens {

	/** {@code jmlhub.api-tokens}: the longest lifetime an admin may give a token, how often a use is recorded. */
	@ConfigurationProperties("jmlhub.api-tokens")
	record Settings(Duration maxLifetime, Duration lastUsedGranularity) {

		Settings {
			maxLifetime = maxLifetime == null ? Duration.ofDays(366) : maxLifetime;
			lastUsedGranularity = lastUsedGranularity == null ? Duration.ofMinutes(1) : lastUsedGranularity;
		}
	}

	/** A token just created: the only time its secret exists outside the caller's hands. */
	record Created(ApiToken token, String secret) {
	}

	static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}");
	static final int LIST_LIMIT = 500;

	private final ApiTokenRepository tokens;
	private final ApiTokenSecrets secrets;
	private final PlatformAuditRepository audit;
	private final TenantTransactions transactions;
	private final Clock clock;
	private final JsonMapper json;
	private final Settings settings;

	ApiTokens(ApiTokenRepository tokens, ApiTokenSecrets secrets, PlatformAuditRepository audit,
			TenantTransactions transactions, Clock clock, JsonMapper json, Settings settings) {
		this.tokens = tokens;
		this.secrets = secrets;
		this.audit = audit;
		this.transactions = transactions;
		this.clock = clock;
		this.json = json;
		this.settings = settings;
	}

	Created create(AppUser admin, String name, Collection<String> roleNames, Instant expiresAt) {
		Instant now = clock.instant();
		Map<String, String> errors = new LinkedHashMap<>();
		if (name == null || !NAME.matcher(name).matches()) {
			errors.put("name", "must be 1 to 64 letters, digits, spaces, '.', '_' or '-', starting with a letter or digit");
		}
		List<String> roles = roles(roleNames, errors);
		if (expiresAt == null) {
			errors.put("expiresAt", "is required (an ISO-8601 instant such as 2030-01-31T00:00:00Z)");
		}
		else if (!expiresAt.isAfter(now)) {
			errors.put("expiresAt", "must be in the future");
		}
		else if (expiresAt.isAfter(now.plus(settings.maxLifetime()))) {
			errors.put("expiresAt", "must be at most " + settings.maxLifetime().toDays() + " days ahead");
		}
		if (!errors.isEmpty()) {
			throw new DomainException.InvalidInput(errors);
		}
		String secret = secrets.newSecret();
		UUID id = UUID.randomUUID();
		try {
			return insert(admin, name, roles, expiresAt, now, secret, id);
		}
		catch (DuplicateKeyException e) {
			// two admins created the same name at once: the unique index decided
			throw new DomainException.Conflict("An active API token named " + name + " exists; revoke it first");
		}
	}

	private Created insert(AppUser admin, String name, List<String> roles, Instant expiresAt, Instant now, String secret,
			UUID id) {
		return transactions.inTenant(admin.tenantId(), () -> {
			if (tokens.activeNameExists(name)) {
				throw new DomainException.Conflict("An active API token named " + name + " exists; revoke it first");
			}
			tokens.insert(id, admin.tenantId(), name, roles, ApiTokenSecrets.hash(secret), ApiTokenSecrets.hint(secret),
					admin.getUsername(), now, expiresAt);
			audit.record(admin.tenantId(), admin.getUsername(), "api_token_created", json.writeValueAsString(
					Map.of("id", id.toString(), "name", name, "roles", roles, "expiresAt", expiresAt.toString())));
			return new Created(tokens.find(id).orElseThrow(), secret);
		});
	}

	List<ApiToken> list(AppUser admin) {
		return transactions.readInTenant(admin.tenantId(), () -> tokens.list(LIST_LIMIT));
	}

	ApiToken get(AppUser admin, UUID id) {
		return transactions.readInTenant(admin.tenantId(), () -> tokens.find(id))
			.orElseThrow(() -> new DomainException.NotFound("No API token " + id));
	}

	/** Revokes the token; revoking a revoked token again changes nothing. Unknown (or another tenant's): not found. */
	ApiToken revoke(AppUser admin, UUID id) {
		return transactions.inTenant(admin.tenantId(), () -> {
			ApiToken token = tokens.find(id).orElseThrow(() -> new DomainException.NotFound("No API token " + id));
			if (tokens.revoke(id, admin.getUsername(), clock.instant())) {
				audit.record(admin.tenantId(), admin.getUsername(), "api_token_revoked",
						json.writeValueAsString(Map.of("id", id.toString(), "name", token.name())));
				return tokens.find(id).orElseThrow();
			}
			return token;
		});
	}

	private static List<String> roles(Collection<String> names, Map<String, String> errors) {
		if (names == null || names.isEmpty()) {
			errors.put("roles", "needs at least one of " + List.of(Role.values()));
			return List.of();
		}
		for (String name : names) {
			if (name == null || java.util.Arrays.stream(Role.values()).noneMatch(role -> role.name().equals(name))) {
				errors.put("roles", "must be among " + List.of(Role.values()));
				return List.of();
			}
		}
		return names.stream().distinct().sorted().toList();
	}
}
