/**
 * Provisioning: approved grants take effect in the directories. It consumes
 * {@code workflow.grant.recorded} through the outbox (the event carries whom the grant is for, so
 * it never reads workflow's tables). The root is the module's front door: the
 * {@link provisioning.GrantProvisioning} port and its {@link provisioning.ProvisioningRequest}.
 * {@code grants} hands recorded grants to the port (decide, call, receipt), with the default that
 * only logs; {@code demo} is the embedded demo's in-memory directory for acme. It depends on
 * {@code workflow} for one thing: it implements workflow's {@link workflow.GrantPlans} port (in
 * {@code effects}), so the approver's page shows what a grant would change in the directories. That
 * is a synchronous read through a port workflow owns; workflow never depends on provisioning (no
 * cycle), and events still go only through the outbox.
 */
@org.springframework.modulith.ApplicationModule(id = "provisioning", displayName = "Provisioning", allowedDependencies = { "outbox", "outbox :: catalog", "platform", "workflow" })
package provisioning;
