package platform.admin;

import java.util.List;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** The write requests of the tenant administration; the same records back the API and the forms. */
public final class DirectoryCommands {

	static final String NAME_PATTERN = "[a-z0-9][a-z0-9._-]{0,62}";
	static final String NAME_MESSAGE = "must be 1-63 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit";
	static final String GROUP_PATTERN = "[a-z0-9][a-z0-9_-]{0,62}";
	static final String GROUP_MESSAGE = "must be 1-63 lower-case letters, digits, '_' or '-', starting with a letter or digit";
	public static final int MIN_PASSWORD_LENGTH = 12;
	/** bcrypt reads 72 bytes; {@link PasswordPolicy} also checks the UTF-8 length. */
	public static final int MAX_PASSWORD_LENGTH = PasswordPolicy.MAX_BYTES;
	static final String PASSWORD_MESSAGE = "must be 12 to 72 characters (at most 72 bytes in UTF-8), not a common password";

	private DirectoryCommands() {
	}

	/**
	 * A new user of the admin's tenant; {@code roles} from HR, APPROVER, ADMIN, or none: every user may
	 * request access and see their own (roles add powers).
	 */
	public record NewUser(
			@NotBlank(message = "is required") @Pattern(regexp = NAME_PATTERN, message = NAME_MESSAGE) String username,
			@NotBlank(message = "is required") @Size(max = 200) String displayName,
			@NotBlank(message = "is required") @Email @Size(max = 254) String email,
			@NotNull(message = "is required") List<String> roles,
			@NotBlank(message = "is required") @Size(min = MIN_PASSWORD_LENGTH, max = MAX_PASSWORD_LENGTH,
					message = PASSWORD_MESSAGE) String password) {
	}

	/**
	 * A change of a user; every field is optional (null: unchanged). {@code roles} replaces them (empty:
	 * no role); {@code password} resets it.
	 */
	public record UserChanges(@Size(min = 1, max = 200) String displayName, @Email @Size(min = 3, max = 254) String email,
			List<String> roles,
			@Size(min = MIN_PASSWORD_LENGTH, max = MAX_PASSWORD_LENGTH, message = PASSWORD_MESSAGE) String password) {
	}

	/** A new group, or the new name of one. */
	public record GroupName(
			@NotBlank(message = "is required") @Pattern(regexp = GROUP_PATTERN, message = GROUP_MESSAGE) String name) {
	}
}
