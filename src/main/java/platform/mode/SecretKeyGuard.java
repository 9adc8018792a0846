package platform.mode;

import org.springframework.jdbc.core.simple.JdbcClient;

import platform.SecretStore;
import platform.StartupRefusedException;

/** Refuses a start without a secret key once a tenant has stored a secret: it could not be opened. */
final class SecretKeyGuard {

	private final JdbcClient jdbc;
	private final SecretStore secrets;

	SecretKeyGuard(JdbcClient jdbc, SecretStore secrets) {
		this.jdbc = jdbc;
		this.secrets = secrets;
	}

	void check() {
		if (secrets.configured()) {
			return;
		}
		if (Boolean.TRUE.equals(jdbc.sql("SELECT platform_secrets_stored()").query(Boolean.class).single())) {
			throw new StartupRefusedException("secrets are stored in the database (single sign-on client secrets or second-factor secrets), but no "
					+ "key to open them is configured.", "Set SECRETS_KEYS (id=key, the key a long random string) and "
							+ "SECRETS_CURRENT_KEY to the key the secrets were sealed with (docs/operations.md).");
		}
	}
}
