package provisioning.ldap;

import java.util.List;
import java.util.Map;

import com.unboundid.ldap.sdk.DN;

/**
 * What an entitlement asks of a directory for one employee: the account at {@code dn} (its parent
 * OUs created when missing, down from {@code base}) with {@code attributes} (name → value; the
 * object classes apart), member of {@code groups}.
 */
public record AccountPlan(DN dn, DN base, Map<String, String> attributes, List<DN> groups) {
}
