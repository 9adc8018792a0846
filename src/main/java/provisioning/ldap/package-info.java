/**
 * The LDAP adapter (UnboundID LDAP SDK), OpenLDAP profile: ensure an account and its memberships,
 * remove them, each write read back into a {@link provisioning.ldap.Receipt}.
 */
package provisioning.ldap;
