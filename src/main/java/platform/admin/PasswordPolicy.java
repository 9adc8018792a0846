package platform.admin;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

import platform.DomainException;

/**
 * What a new local password must be besides its length (12 to 72 characters, the schema):
 * at most {@value #MAX_BYTES} bytes in UTF-8 (bcrypt reads no further, and refuses longer input),
 * and not a common password: neither one of the bundled list (Openwall's public-domain list of
 * the passwords most seen in breaches, {@code security/common-passwords.txt}) nor one of them with
 * digits or punctuation added at the end ({@code password123456}), case ignored.
 */
@Component
public class PasswordPolicy {

	/** bcrypt's input limit. */
	public static final int MAX_BYTES = 72;

	private static final String LIST = "security/common-passwords.txt";

	private final Set<String> common;

	PasswordPolicy() {
		this.common = load();
	}

	/** Refuses {@code password} with a 400 naming the field, or returns. */
	public void check(String password) {
		if (password == null) {
			return;
		}
		if (password.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
			throw new DomainException.InvalidInput("password", "must be at most " + MAX_BYTES
					+ " bytes in UTF-8 (72 plain ASCII characters, fewer with accents or other scripts)");
		}
		if (isCommon(password)) {
			throw new DomainException.InvalidInput("password",
					"is a common password (or one with digits added): choose one that is not on lists attackers try first");
		}
	}

	boolean isCommon(String password) {
		String lower = password.strip().toLowerCase(Locale.ROOT);
		if (common.contains(lower)) {
			return true;
		}
		String base = lower.replaceFirst("[\\d\\p{Punct}\\s]+$", "");
		return base.length() >= 4 && common.contains(base);
	}

	private static Set<String> load() {
		Set<String> words = new HashSet<>();
		try (InputStream in = new ClassPathResource(LIST).getInputStream();
				BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
			String line;
			while ((line = reader.readLine()) != null) {
				if (!line.isBlank() && !line.startsWith("#!comment:")) {
					words.add(line.strip().toLowerCase(Locale.ROOT));
				}
			}
		}
		catch (IOException e) {
			throw new UncheckedIOException("The common password list " + LIST + " cannot be read", e);
		}
		return Set.copyOf(words);
	}
}
