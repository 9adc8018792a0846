package platform;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.security.crypto.encrypt.BytesEncryptor;
import org.springframework.security.crypto.encrypt.Encryptors;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

/**
 * Secrets at rest (the SSO client secret, and every secret later issues add): sealed with
 * AES-256-GCM (Spring Security Crypto's {@code Encryptors.stronger}, a random nonce per value)
 * under a key from the environment, stored as {@code enc:<keyId>:<hex>} so each value names its
 * key. Keys: {@code SECRETS_KEYS} ({@code id=key,id=key}, each key a long random string) and
 * {@code SECRETS_CURRENT_KEY} (the id new values use); an old key stays listed until
 * {@link #reseal} (the rotation job) has moved every value to the current one. The demo uses a
 * fixed demo key. A value stored before encryption (no {@code enc:} prefix) still opens, and is
 * sealed by the next rotation. The same keys sign what must come back unaltered (a one-click
 * unsubscribe link): {@link #sign} and {@link #verify}, HMAC-SHA256 under a key derived per purpose.
 */
@Component
public class SecretStore {

	static final String PREFIX = "enc:";
	static final String DEMO_KEY_ID = "demo";
	private static final String DEMO_KEY = "jml-hub-demo-secret-key-not-for-production";
	/** The key derivation's salt: the keys are random strings, the salt only separates this use of them. */
	private static final String SALT = HexFormat.of().formatHex("jmlhub-secrets-v1".getBytes(StandardCharsets.UTF_8));

	private final Map<String, BytesEncryptor> keys = new LinkedHashMap<>();
	/** Per key id, the key's root for signatures: separate from encryption, never the key itself. */
	private final Map<String, byte[]> signingRoots = new LinkedHashMap<>();
	private final String current;

	public SecretStore(@Value("${jmlhub.secrets.keys:}") String keys, @Value("${jmlhub.secrets.current-key:}") String current,
			@Value("${jmlhub.demo:false}") boolean demo) {
		for (String entry : keys.split(",")) {
			if (entry.isBlank()) {
				continue;
			}
			int at = entry.indexOf('=');
			if (at <= 0 || entry.length() - at - 1 < 16) {
				throw new IllegalArgumentException("SECRETS_KEYS: each entry is id=key with a key of at least 16 characters");
			}
			String id = entry.substring(0, at).strip();
			String key = entry.substring(at + 1).strip();
			this.keys.put(id, Encryptors.stronger(key, SALT));
			this.signingRoots.put(id, hmac(key.getBytes(StandardCharsets.UTF_8), "jmlhub-signatures-v1"));
		}
		if (this.keys.isEmpty() && demo) {
			this.keys.put(DEMO_KEY_ID, Encryptors.stronger(DEMO_KEY, SALT));
			this.signingRoots.put(DEMO_KEY_ID, hmac(DEMO_KEY.getBytes(StandardCharsets.UTF_8), "jmlhub-signatures-v1"));
		}
		String chosen = StringUtils.hasText(current) ? current.strip()
				: this.keys.isEmpty() ? null : this.keys.keySet().iterator().next();
		if (chosen != null && !this.keys.containsKey(chosen)) {
			throw new IllegalArgumentException("SECRETS_CURRENT_KEY " + chosen + " is not one of SECRETS_KEYS");
		}
		this.current = chosen;
	}

	/** Whether a key is configured (production without one cannot store secrets). */
	public boolean configured() {
		return current != null;
	}

	/** {@code plaintext} sealed under the current key. */
	public String seal(String plaintext) {
		if (current == null) {
			throw new IllegalStateException("No secret key is configured: set SECRETS_KEYS (id=key) to store secrets");
		}
		byte[] sealed = keys.get(current).encrypt(plaintext.getBytes(StandardCharsets.UTF_8));
		return PREFIX + current + ":" + HexFormat.of().formatHex(sealed);
	}

	/** The plaintext of a stored value. */
	public String open(String stored) {
		if (stored == null || !stored.startsWith(PREFIX)) {
			return stored;
		}
		int at = stored.indexOf(':', PREFIX.length());
		String keyId = stored.substring(PREFIX.length(), at);
		BytesEncryptor key = keys.get(keyId);
		if (key == null) {
			throw new IllegalStateException("A secret is sealed with key " + keyId + ", which SECRETS_KEYS does not list");
		}
		return new String(key.decrypt(HexFormat.of().parseHex(stored.substring(at + 1))), StandardCharsets.UTF_8);
	}

	/** The value sealed under the current key, or {@code stored} itself when it already is. */
	public String reseal(String stored) {
		if (stored != null && stored.startsWith(PREFIX + current + ":")) {
			return stored;
		}
		return seal(open(stored));
	}

	/**
	 * An HMAC-SHA256 signature of {@code message} for {@code purpose} (a name such as
	 * {@code notifications.unsubscribe}, so a signature made for one use is worthless for another),
	 * under a key derived from the current key: {@code <keyId>.<base64url>}, so it still verifies
	 * while its key stays listed after a rotation.
	 */
	public String sign(String purpose, String message) {
		if (current == null) {
			throw new IllegalStateException("No secret key is configured: set SECRETS_KEYS (id=key) to sign");
		}
		return current + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(mac(current, purpose, message));
	}

	/** Whether {@code signature} is {@link #sign}'s of {@code message} for {@code purpose} under a listed key. */
	public boolean verify(String purpose, String message, String signature) {
		if (signature == null) {
			return false;
		}
		int dot = signature.indexOf('.');
		if (dot <= 0 || !signingRoots.containsKey(signature.substring(0, dot))) {
			return false;
		}
		byte[] given;
		try {
			given = Base64.getUrlDecoder().decode(signature.substring(dot + 1));
		}
		catch (IllegalArgumentException malformed) {
			return false;
		}
		return MessageDigest.isEqual(given, mac(signature.substring(0, dot), purpose, message));
	}

	private byte[] mac(String keyId, String purpose, String message) {
		return hmac(hmac(signingRoots.get(keyId), purpose), message);
	}

	private static byte[] hmac(byte[] key, String message) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(key, "HmacSHA256"));
			return mac.doFinal(message.getBytes(StandardCharsets.UTF_8));
		}
		catch (GeneralSecurityException e) {
			throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
		}
	}
}
