/**
 * Recorded grants to the {@link provisioning.GrantProvisioning} port: the outbox handler of
 * {@code workflow.grant.recorded}, the provisioner (decide, call, record a receipt), the default
 * port implementation that only logs, and the embedded demo's deliberately failing directory.
 */
package provisioning.grants;
