package notifications.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The receiver's side of the Standard Webhooks specification, written from its text and not from
 * the product's signer (HMAC-SHA256 itself is built here from SHA-256 as RFC 2104 defines it):
 * strip {@code whsec_} and base64-decode the secret; the signed content is
 * {@code msg_id.timestamp.payload}; the header holds space-delimited {@code v1,<base64>} signatures,
 * one of which must match (compared in constant time); the timestamp must be within the tolerance.
 */
final class StandardWebhooksVerifier {

	private static final int BLOCK = 64;

	private StandardWebhooksVerifier() {
	}

	static boolean verify(String secret, String id, String timestamp, String body, String signatureHeader,
			long nowEpochSeconds, long toleranceSeconds) {
		if (secret == null || !secret.startsWith("whsec_") || signatureHeader == null || timestamp == null) {
			return false;
		}
		long sent = Long.parseLong(timestamp);
		if (Math.abs(nowEpochSeconds - sent) > toleranceSeconds) {
			return false;
		}
		byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
		byte[] expected = hmacSha256(key, (id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
		for (String signature : signatureHeader.split(" ")) {
			int comma = signature.indexOf(',');
			if (comma < 0 || !signature.substring(0, comma).equals("v1")) {
				continue;
			}
			byte[] given = Base64.getDecoder().decode(signature.substring(comma + 1));
			if (MessageDigest.isEqual(expected, given)) {
				return true;
			}
		}
		return false;
	}

	/** HMAC(K, m) = H((K' ^ opad) || H((K' ^ ipad) || m)), K' the key padded (or hashed) to the block size. */
	static byte[] hmacSha256(byte[] key, byte[] message) {
		byte[] padded = new byte[BLOCK];
		byte[] k = key.length > BLOCK ? sha256(key) : key;
		System.arraycopy(k, 0, padded, 0, k.length);
		byte[] inner = new byte[BLOCK + message.length];
		byte[] outer = new byte[BLOCK + 32];
		for (int i = 0; i < BLOCK; i++) {
			inner[i] = (byte) (padded[i] ^ 0x36);
			outer[i] = (byte) (padded[i] ^ 0x5c);
		}
		System.arraycopy(message, 0, inner, BLOCK, message.length);
		System.arraycopy(sha256(inner), 0, outer, BLOCK, 32);
		return sha256(outer);
	}

	private static byte[] sha256(byte[] data) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(data);
		}
		catch (NoSuchAlgorithmException impossible) {
			throw new IllegalStateException(impossible);
		}
	}
}
