/** Endings: how a run ends (finished, withdrawn, failed to start) and the RunFinished event HR hears it by. */
package workflow.endings;
