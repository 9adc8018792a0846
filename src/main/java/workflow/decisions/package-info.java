/** Decisions: users' actions on runs, checked by the run policy, recorded, then signalled to the run's process. */
package workflow.decisions;
