/** Start: an HR event becomes a run with its stage snapshot and a start request; the start request starts the run's process; pre-hire joiners wait for their moment. */
package workflow.start;
