/**
 * Notifications: people are told by mail what the outbox says happened. It consumes catalog events
 * (a stage activated, reminded, about to escalate or escalated; a run completed or rejected) and writes one notification row per (event,
 * recipient, kind), so a redelivered event writes nothing new; the mail sender works the rows outside any transaction,
 * with fenced, leased claims and backoff, through Spring Boot's {@code JavaMailSender}. The root
 * holds the module's vocabulary ({@link notifications.NotificationStatus},
 * {@link notifications.NotificationKind}). {@code store} owns the table; {@code intake} turns
 * events into rendered rows; {@code delivery} sends them (and starts GreenMail in the demo);
 * {@code web} is the admin's Mail page.
 */
@org.springframework.modulith.ApplicationModule(id = "notifications", displayName = "Notifications", allowedDependencies = { "outbox", "outbox :: catalog", "platform" })
package notifications;
