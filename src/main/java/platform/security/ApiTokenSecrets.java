package platform.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

import org.springframework.stereotype.Component;

/**
 * Makes and hashes API token secrets: {@code jmlh_} and 32 random bytes (base64url), stored as
 * their SHA-256. The random part has 256 bits, so a fast hash is as good as a slow one here.
 */
@Component
class ApiTokenSecrets {

	static final String PREFIX = "jmlh_";
	private static final int HINT_LENGTH = PREFIX.length() + 6;

	private final SecureRandom random = new SecureRandom();

	String newSecret() {
		byte[] bytes = new byte[32];
		random.nextBytes(bytes);
		return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

	/** Whether {@code value} has the shape of a token at all (checked before any database look-up). */
	static boolean wellFormed(String value) {
		return value.length() == PREFIX.length() + 43 && value.startsWith(PREFIX)
				&& value.substring(PREFIX.length()).chars().allMatch(c -> Character.isLetterOrDigit(c) && c < 128 || c == '-' || c == '_');
	}

	static String hash(String secret) {
		return HexFormat.of().formatHex(sha256(secret));
	}

	static String hint(String secret) {
		return secret.substring(0, HINT_LENGTH) + "…";
	}

	static byte[] sha256(String value) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException("SHA-256 is part of every JRE", e);
		}
	}
}
