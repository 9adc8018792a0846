/**
 * Access: what people may ask for between joiner and leaver, and their requests. A module of its
 * own rather than a room of {@code workflow}: a request is a synchronous state machine in
 * PostgreSQL (one conditional UPDATE per transition, no orchestrator, no Temporal anywhere on its
 * path), with its own tables ({@code access_catalog}, {@code access_requests},
 * {@code access_decisions}) and its own rules, while the workflow's runs are long processes in
 * Temporal; keeping them apart keeps the workflow's engine off this path (an ArchUnit rule checks
 * that access never touches {@code io.temporal}). It meets the other modules as they meet each
 * other: it publishes through the outbox ({@code AccessRequestChanged}, and {@code GrantRecorded}
 * so provisioning's entitlements and effects carry an approved package into the directories and
 * take it away again), consumes provisioning's {@code AccessRevoked} (a leaver's access is gone:
 * every package is revoked), and reaches people, delegations and the one inbox through platform
 * ports. The root is its API: {@link access.AccessCatalog} (the packages, versioned and audited),
 * {@link access.AccessRequests} (submit, decide, cancel, revoke, expire; reads) and their records;
 * {@code AccessRules} is the one place that says who may act. Rooms: {@code web} (console and
 * JSON API), {@code jobs} (the expiry job), {@code handler} (the leaver's revocation), {@code demo}.
 */
@org.springframework.modulith.ApplicationModule(id = "access", displayName = "Access", allowedDependencies = { "outbox",
		"outbox :: catalog", "jobs", "platform" })
package access;
