package provisioning.ldap;

import java.util.List;
import java.util.Map;

/**
 * What a directory holds of a plan's account, read without writing: whether the account exists
 * ({@code foundAt} its DN when it is elsewhere than the plan's, such as a transfer's old OU), its
 * managed attributes, and which of the plan's groups it is already a member of.
 */
public record Preview(boolean exists, String foundAt, Map<String, String> attributes, List<String> groupsHeld) {
}
