package provisioning.ldap;

/**
 * Where and as whom to bind: {@code url} is {@code ldap://host:port} or {@code ldaps://host:port};
 * {@code profile} is the target's ({@code openldap} or {@code active_directory}), which decides
 * the object classes, the attributes and how groups and disabling work.
 */
public record Connection(String url, String bindDn, String bindPassword, String profile) {

	public static final String ACTIVE_DIRECTORY = "active_directory";

	/** An OpenLDAP-profile connection. */
	public Connection(String url, String bindDn, String bindPassword) {
		this(url, bindDn, bindPassword, "openldap");
	}

	public boolean activeDirectory() {
		return ACTIVE_DIRECTORY.equals(profile);
	}

	@Override
	public String toString() {
		// never the password: records print their components
		return "Connection[url=" + url + ", bindDn=" + bindDn + ", profile=" + profile + "]";
	}
}
