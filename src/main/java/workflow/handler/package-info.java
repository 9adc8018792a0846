/**
 * Outbox handlers: HR events start runs (and a cancelled offboarding withdraws its leaver run),
 * start requests start processes, reminders are recorded, approver changes reach the live stages.
 */
package workflow.handler;
