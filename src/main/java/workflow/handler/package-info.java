/** Outbox handlers: HR events start runs, start requests start processes, reminders are recorded. */
package workflow.handler;
