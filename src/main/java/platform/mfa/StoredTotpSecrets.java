package platform.mfa;

import java.util.HexFormat;

import org.springframework.stereotype.Component;

import platform.SecretStore;

/**
 * {@link TotpSecrets} through the platform's one {@link SecretStore}: the same keys
 * ({@code SECRETS_KEYS}), key ids and rotation as every other stored secret.
 */
@Component
class StoredTotpSecrets implements TotpSecrets {

	private final SecretStore store;

	StoredTotpSecrets(SecretStore store) {
		this.store = store;
	}

	@Override
	public boolean available() {
		return store.configured();
	}

	@Override
	public String seal(byte[] secret) {
		return store.seal(HexFormat.of().formatHex(secret));
	}

	@Override
	public byte[] open(String sealed) {
		return HexFormat.of().parseHex(store.open(sealed));
	}
}
