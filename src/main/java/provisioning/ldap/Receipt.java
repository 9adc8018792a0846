package provisioning.ldap;

import java.util.List;
import java.util.Map;

/**
 * What the directory read back around a write: the object {@code dn}, its managed attributes and
 * the managed groups it was a member of, {@code before} and {@code after}.
 */
public record Receipt(String dn, State before, State after) {

	/** The object as read: absent, or its managed attributes and the managed groups it is in. */
	public record State(boolean exists, Map<String, String> attributes, List<String> groups) {
	}
}
