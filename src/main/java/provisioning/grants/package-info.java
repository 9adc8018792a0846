/**
 * Recorded grants to the {@link provisioning.GrantProvisioning} port: the outbox handler of
 * {@code workflow.grant.recorded}, the provisioner (decide, call, record a receipt), the default
 * port implementation that only logs.
 */
package provisioning.grants;
