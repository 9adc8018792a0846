package platform;

/**
 * Moves a tenant's stored secrets to the current key of {@link SecretStore} (and seals those stored
 * before encryption), for the rotation job: after it has run for every tenant, an old key can be
 * removed from {@code SECRETS_KEYS}.
 */
public interface SecretRotation {

	/** Re-seals the tenant's secrets not under the current key; returns how many. */
	int reseal(String tenantId);
}
