package notifications.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signing: a secret is {@code whsec_} and the base64 of 32 random bytes; the
 * signature of a message is {@code v1,} and the base64 of HMAC-SHA256, keyed with the secret's
 * bytes, of {@code <webhook-id>.<webhook-timestamp>.<body>}.
 */
final class WebhookSignature {

	static final String SECRET_PREFIX = "whsec_";

	private WebhookSignature() {
	}

	static String newSecret(SecureRandom random) {
		byte[] key = new byte[32];
		random.nextBytes(key);
		return SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
	}

	static String sign(String secret, String messageId, long timestamp, String body) {
		byte[] key = Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length()));
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(key, "HmacSHA256"));
			byte[] signature = mac.doFinal((messageId + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
			return "v1," + Base64.getEncoder().encodeToString(signature);
		}
		catch (GeneralSecurityException impossible) {
			// HmacSHA256 is in every JDK
			throw new IllegalStateException(impossible);
		}
	}
}
