package platform.mfa;

/**
 * Seals TOTP secrets for storage and opens them again. A sealed value names the key it was sealed
 * with ({@code <key id>:<ciphertext>}), so a shared secret store with key rotation can replace the
 * one implementation ({@link ConfiguredKeyTotpSecrets}) without touching the stored rows' format.
 */
interface TotpSecrets {

	/** False when no key is configured: nobody can enrol (and stored secrets cannot be opened). */
	boolean available();

	String seal(byte[] secret);

	byte[] open(String sealed);
}
