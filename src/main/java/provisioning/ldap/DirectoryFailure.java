package provisioning.ldap;

/**
 * A write that did not take: {@code retryable} when the directory may accept it later (down,
 * busy, a read-back that disagreed), not when it refused for good (bad credentials, no rights,
 * a schema violation).
 */
public class DirectoryFailure extends RuntimeException {

	private final boolean retryable;

	public DirectoryFailure(String message, boolean retryable, Throwable cause) {
		super(message, cause);
		this.retryable = retryable;
	}

	public boolean retryable() {
		return retryable;
	}
}
