/**
 * The grant provisioning integration: {@link workflow.provisioning.GrantProvisioner} hands each
 * {@code workflow.grant.recorded} to the {@link workflow.GrantProvisioning} port (decide, call,
 * record a receipt), the default port implementation that only logs, and the embedded demo's
 * deliberately failing directory.
 */
package workflow.provisioning;
