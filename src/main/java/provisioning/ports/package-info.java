/**
 * Provisioning's answers to the ports other modules declare for their pages and API:
 * {@link workflow.RunEffects} (a run's effects, the failed ones) and {@link hr.EmployeeAccounts}
 * (an employee's accounts per target). Workflow and HR show what grants did in the directories
 * without knowing this module: they declare what they read, this module depends on their API and
 * implements it, so the dependency points one way (provisioning → workflow, hr) and there is no
 * cycle. The reads are synchronous and read-only; events still travel only through the outbox.
 * Serving a fragment of provisioning's own into their pages was the other way; it would leave the
 * run API without its {@code effects}, so the ports serve both. Effect statuses become badges here
 * ({@link EffectBadges}), once for every page.
 */
package provisioning.ports;
