/**
 * HR: employees, their transfers and offboarding; HR pages and API. Publishes the joiner, mover
 * and leaver events through the outbox; never references {@code workflow}.
 */
@org.springframework.modulith.ApplicationModule(id = "hr", displayName = "HR", allowedDependencies = { "outbox", "outbox :: catalog", "platform" })
package hr;
