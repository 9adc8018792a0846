package platform.mfa;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.OptionalLong;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * RFC 6238 time-based one-time passwords as authenticator apps compute them by default: HMAC-SHA1,
 * 30-second steps, 6 digits. A code is accepted for the current step and one step either side
 * (clock drift of the phone), never for a step at or before the last one accepted (no replay).
 */
final class Totp {

	static final int DIGITS = 6;
	static final long STEP_SECONDS = 30;
	private static final int WINDOW = 1;
	private static final int[] POWERS = { 1, 10, 100, 1_000, 10_000, 100_000, 1_000_000 };

	private Totp() {
	}

	static long step(Instant at) {
		return Math.floorDiv(at.getEpochSecond(), STEP_SECONDS);
	}

	/** The code of {@code step} (RFC 4226 dynamic truncation), zero-padded. */
	static String code(byte[] secret, long step) {
		try {
			Mac mac = Mac.getInstance("HmacSHA1");
			mac.init(new SecretKeySpec(secret, "HmacSHA1"));
			byte[] hash = mac.doFinal(ByteBuffer.allocate(Long.BYTES).putLong(step).array());
			int offset = hash[hash.length - 1] & 0x0f;
			int binary = ((hash[offset] & 0x7f) << 24) | ((hash[offset + 1] & 0xff) << 16) | ((hash[offset + 2] & 0xff) << 8)
					| (hash[offset + 3] & 0xff);
			String code = Integer.toString(binary % POWERS[DIGITS]);
			return "0".repeat(DIGITS - code.length()) + code;
		}
		catch (GeneralSecurityException e) {
			throw new IllegalStateException("HmacSHA1 is not available", e);
		}
	}

	/**
	 * The step {@code code} matches at {@code now} (within the window, after {@code lastStep}), or
	 * empty. Every candidate is compared in constant time.
	 */
	static OptionalLong match(byte[] secret, String code, Instant now, Long lastStep) {
		String typed = code == null ? "" : code.replaceAll("\\s", "");
		if (!typed.matches("\\d{" + DIGITS + "}")) {
			return OptionalLong.empty();
		}
		long current = step(now);
		OptionalLong matched = OptionalLong.empty();
		for (long step = current - WINDOW; step <= current + WINDOW; step++) {
			boolean equal = MessageDigest.isEqual(code(secret, step).getBytes(), typed.getBytes());
			if (equal && (lastStep == null || step > lastStep) && matched.isEmpty()) {
				matched = OptionalLong.of(step);
			}
		}
		return matched;
	}
}
