/** Projection: the idempotent writes the process's activities make to the store, and how a run ends. */
package workflow.projection;
