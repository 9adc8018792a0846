/**
 * Workflow: JML definitions, runs, stages and decisions (the projection every page reads), the
 * {@code Orchestrator} port and its Temporal adapter, the approver console and run API, its jobs.
 */
@org.springframework.modulith.ApplicationModule(id = "workflow", displayName = "Workflow", allowedDependencies = { "outbox", "outbox :: catalog", "jobs", "platform" })
package workflow;
