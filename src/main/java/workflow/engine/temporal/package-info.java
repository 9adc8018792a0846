/** Temporal adapter: the JML workflow, its activities, the worker contributor and the Orchestrator on Temporal; the only room that sees Temporal types. */
package workflow.engine.temporal;
