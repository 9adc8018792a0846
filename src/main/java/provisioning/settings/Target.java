package provisioning.settings;

/**
 * A directory of the tenant: LDAP at {@code url} ({@code ldap://} or {@code ldaps://}), bound as
 * {@code bindDn}. {@code bindPassword} is write-only: a PUT that leaves it out keeps the stored
 * one, a GET never shows it (only {@code bindPasswordSet}). Accounts live under
 * {@code peopleOu} (an RDN such as {@code ou=people}) of {@code baseDn}. {@code profile} is
 * {@link #OPENLDAP} ({@code inetOrgPerson} accounts, {@code groupOfNames} groups; OpenLDAP, 389 DS)
 * or {@link #ACTIVE_DIRECTORY} ({@code user} accounts with {@code sAMAccountName},
 * {@code userPrincipalName} and {@code userAccountControl}, {@code group} groups; Active Directory,
 * Samba's AD DC).
 */
public record Target(String key, String url, String bindDn, String bindPassword, Boolean bindPasswordSet, String baseDn,
		String peopleOu, String profile) {

	public static final String OPENLDAP = "openldap";
	public static final String ACTIVE_DIRECTORY = "active_directory";

	/** This target as an answer shows it: no secret. */
	Target shown(boolean secretSet) {
		return new Target(key, url, bindDn, null, secretSet, baseDn, peopleOu, profile);
	}
}
