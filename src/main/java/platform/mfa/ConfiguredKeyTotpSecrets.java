package platform.mfa;

import java.security.SecureRandom;
import java.util.HexFormat;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.security.crypto.encrypt.BytesEncryptor;
import org.springframework.security.crypto.encrypt.Encryptors;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

/**
 * {@link TotpSecrets} with Spring Security Crypto's AES-256-GCM ({@code Encryptors.stronger}: a
 * key derived with PBKDF2 from {@code JMLHUB_MFA_KEY} and {@code JMLHUB_MFA_KEY_SALT}, a random IV
 * per value), key id {@code k1}. The embedded demo, whose database dies with the process, uses a
 * random key of the process when none is set; elsewhere no key means no enrolment.
 */
@Component
class ConfiguredKeyTotpSecrets implements TotpSecrets {

	static final String KEY_ID = "k1";
	private static final Logger log = LoggerFactory.getLogger(ConfiguredKeyTotpSecrets.class);

	private final BytesEncryptor encryptor;

	ConfiguredKeyTotpSecrets(@Value("${jmlhub.mfa.key:}") String key,
			@Value("${jmlhub.mfa.key-salt:6a6d6c6875622d746f7470}") String salt, @Value("${jmlhub.demo:false}") boolean demo) {
		String password = key;
		if (!StringUtils.hasText(password) && demo) {
			byte[] random = new byte[32];
			new SecureRandom().nextBytes(random);
			password = HexFormat.of().formatHex(random);
			log.info("Second factor: no JMLHUB_MFA_KEY set; the demo seals TOTP secrets with a key of this process");
		}
		this.encryptor = StringUtils.hasText(password) ? Encryptors.stronger(password, salt) : null;
	}

	@Override
	public boolean available() {
		return encryptor != null;
	}

	@Override
	public String seal(byte[] secret) {
		return KEY_ID + ":" + HexFormat.of().formatHex(require().encrypt(secret));
	}

	@Override
	public byte[] open(String sealed) {
		int colon = sealed.indexOf(':');
		if (colon < 0 || !KEY_ID.equals(sealed.substring(0, colon))) {
			throw new IllegalStateException("A TOTP secret sealed with an unknown key");
		}
		return require().decrypt(HexFormat.of().parseHex(sealed.substring(colon + 1)));
	}

	private BytesEncryptor require() {
		if (encryptor == null) {
			throw new IllegalStateException("No JMLHUB_MFA_KEY is configured");
		}
		return encryptor;
	}
}
