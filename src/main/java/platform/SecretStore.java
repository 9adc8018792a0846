package platform;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

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
 * sealed by the next rotation.
 */
@Component
public class SecretStore {

	static final String PREFIX = "enc:";
	static final String DEMO_KEY_ID = "demo";
	/** The key derivation's salt: the keys are random strings, the salt only separates this use of them. */
	private static final String SALT = HexFormat.of().formatHex("jmlhub-secrets-v1".getBytes(StandardCharsets.UTF_8));

	private final Map<String, BytesEncryptor> keys = new LinkedHashMap<>();
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
			this.keys.put(entry.substring(0, at).strip(), Encryptors.stronger(entry.substring(at + 1).strip(), SALT));
		}
		if (this.keys.isEmpty() && demo) {
			this.keys.put(DEMO_KEY_ID, Encryptors.stronger("jml-hub-demo-secret-key-not-for-production", SALT));
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
}
