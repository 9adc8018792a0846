/**
 * Provisioning: approved grants take effect in the directories. It consumes
 * {@code workflow.grant.recorded} through the outbox (the event carries whom the grant is for, so
 * it never reads workflow's tables). The root is the module's front door: the
 * {@link provisioning.GrantProvisioning} port and its {@link provisioning.ProvisioningRequest}.
 * {@code grants} hands recorded grants to the port (decide, call, receipt), with the default that
 * only logs; {@code demo} is the embedded demo's in-memory directory for acme; {@code ports}
 * answers the ports workflow ({@link workflow.RunEffects}) and HR ({@link hr.EmployeeAccounts})
 * declare to show effects and accounts on their pages and API, and {@code effects} implements
 * workflow's {@link workflow.GrantPlans} port, so the approver's page shows what a grant would change
 * in the directories: synchronous reads through ports those modules own, which make this module
 * depend on theirs, never the other way (no cycle); events still go only through the outbox.
 * {@code web} holds the admin's API and pages (Provisioning settings, Directory, Retry).
 */
@org.springframework.modulith.ApplicationModule(id = "provisioning", displayName = "Provisioning", allowedDependencies = { "outbox", "outbox :: catalog", "platform", "workflow", "hr" })
package provisioning;
