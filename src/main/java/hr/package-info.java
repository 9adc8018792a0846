/**
 * HR: employees, their transfers and offboarding. Its API is this package: the
 * {@link hr.EmployeeService} facade and its records. It publishes the joiner, mover and leaver
 * records of the outbox catalog (and the cancellation of an offboarding), consumes the run
 * outcomes, and never references {@code workflow}. Rooms: {@code data} (SQL), {@code events}
 * (outbox handlers), {@code jobs} (pending starters become active), {@code web} (pages and API).
 */
@org.springframework.modulith.ApplicationModule(id = "hr", displayName = "HR", allowedDependencies = { "outbox", "outbox :: catalog", "jobs", "platform" })
package hr;
