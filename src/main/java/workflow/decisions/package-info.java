/**
 * Decisions: users' actions on runs, checked by the run policy, recorded, then signalled to the
 * run's process; who holds a stage's assignment besides its activation: approvers' out-of-office
 * delegations and an admin's reassignment.
 */
package workflow.decisions;
