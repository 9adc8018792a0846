/** Jobs: pre-hire starts, SLA reminders and signal redelivery, each a per-tenant batch over a durable source. */
package workflow.jobs;
