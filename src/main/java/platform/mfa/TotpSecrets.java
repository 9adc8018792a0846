package platform.mfa;

/** Seals TOTP secrets for storage and opens them again ({@link StoredTotpSecrets}). */
interface TotpSecrets {

	/** False when no key is configured: nobody can enrol (and stored secrets cannot be opened). */
	boolean available();

	String seal(byte[] secret);

	byte[] open(String sealed);
}
