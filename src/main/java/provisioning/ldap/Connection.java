package provisioning.ldap;

/** Where and as whom to bind: {@code url} is {@code ldap://host:port} or {@code ldaps://host:port}. */
public record Connection(String url, String bindDn, String bindPassword) {

	@Override
	public String toString() {
		// never the password: records print their components
		return "Connection[url=" + url + ", bindDn=" + bindDn + "]";
	}
}
