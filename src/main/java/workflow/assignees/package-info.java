/** Assignees: who may decide a stage (groups, the employee's manager, delegations, separation of duties). */
package workflow.assignees;
