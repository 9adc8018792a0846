/** Projection: the run, stage, action and grant tables (repositories) and the idempotent writes the process's activities make. */
package workflow.projection;
