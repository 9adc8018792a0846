package platform.tenancy;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** The operators' write requests on tenants; the same records back the API and the page's forms. */
public final class TenantCommands {

	// tenant ids appear in URLs, logs and app.tenant_id; the bootstrap's rule (TenantBootstrap)
	static final String TENANT_ID_PATTERN = "[a-z0-9][a-z0-9_-]{0,62}";
	static final String TENANT_ID_MESSAGE = "must be 1-63 lower-case letters, digits, '_' or '-', starting with a letter or digit";
	// the tenant administration's rule for usernames (DirectoryCommands)
	static final String USERNAME_PATTERN = "[a-z0-9][a-z0-9._-]{0,62}";
	static final String USERNAME_MESSAGE = "must be 1-63 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit";
	static final int DEFAULT_RETENTION_DAYS = 730;

	private TenantCommands() {
	}

	/** The first admin of a new tenant: ADMIN and HR, a generated password shown once. */
	public record FirstAdmin(
			@NotBlank(message = "is required") @Pattern(regexp = USERNAME_PATTERN, message = USERNAME_MESSAGE) String username,
			@NotBlank(message = "is required") @Email @Size(max = 254) String email) {
	}

	/**
	 * A new tenant; {@code personalDataRetentionDays} (default 730) is how long a left employee's
	 * name and email are kept before the erasure job replaces them.
	 */
	public record NewTenant(
			@NotBlank(message = "is required") @Pattern(regexp = TENANT_ID_PATTERN, message = TENANT_ID_MESSAGE) String id,
			@NotBlank(message = "is required") @Size(max = 200) String name,
			@NotNull(message = "is required") @Valid FirstAdmin admin,
			@Min(value = 1, message = "must be 1 to 36500 days") @Max(value = 36500, message = "must be 1 to 36500 days")
			Integer personalDataRetentionDays) {

		int retentionDays() {
			return personalDataRetentionDays == null ? DEFAULT_RETENTION_DAYS : personalDataRetentionDays;
		}
	}

	/** Why a tenant is suspended (optional, shown to operators). */
	public record Suspension(@Size(max = 500) String reason) {
	}
}
