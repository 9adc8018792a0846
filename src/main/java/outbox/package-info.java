/**
 * Outbox: the event catalog, the transactional publisher, the dispatch queue and dispatcher,
 * retries and dead letters, the admin backlog and dead-letter pages and API, outbox metrics.
 */
@org.springframework.modulith.ApplicationModule(id = "outbox", displayName = "Outbox", allowedDependencies = { "jobs", "platform" })
package outbox;
