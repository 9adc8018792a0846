/**
 * The embedded demo's directory: an in-memory LDAP server for acme ({@code DemoDirectoryServer}),
 * seeded with OUs and groups, and acme's target and {@code accounts} entitlement pointing at it
 * ({@code DemoDirectorySetup}), saved through the module's own settings service. Only with the
 * demo and its story on; production points targets at real directories and starts none.
 */
package provisioning.demo;
