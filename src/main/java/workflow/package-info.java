/**
 * Workflow: JML runs from HR events to approved, rejected or withdrawn, in rooms by role. The
 * root is the module's front door: {@link workflow.Runs} (read, act, what may I do), the run
 * vocabulary (records {@code Run}, {@code Stage}, {@code Action}, {@code Grant}; state enums with
 * stable lower-case names) and {@link workflow.RunPolicy}, the one rule set of who may act. It also
 * declares the {@link workflow.GrantPlans} port, which provisioning implements to show an approver
 * what a stage's grants would change; without an implementation the {@code @Fallback} in
 * {@code queries} shows no plans, so workflow depends on no module that depends on it.
 * {@code start} turns HR events into runs and starts their process; {@code decisions} records
 * actions and signals them; {@code queries} reads the runs for pages and the API; {@code store}
 * owns the tables (one repository per table and role); {@code projection} makes the writes the
 * process asks for; {@code endings} ends runs and tells HR; {@code assignees} decides who may
 * decide a stage; {@code support} holds neutral helpers; {@code engine} is the
 * {@code Orchestrator} port and its Temporal adapter; {@code definition}, {@code handler}, {@code jobs} and
 * {@code web} hold the definitions, the outbox handlers, the jobs and the console and API.
 */
@org.springframework.modulith.ApplicationModule(id = "workflow", displayName = "Workflow", allowedDependencies = { "outbox", "outbox :: catalog", "jobs", "platform" })
package workflow;
