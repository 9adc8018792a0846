/**
 * Outbox handlers: HR events start runs (and a cancelled offboarding withdraws its leaver run),
 * start requests start processes, reminders are recorded, recorded grants go to the provisioning
 * integration.
 */
package workflow.handler;
