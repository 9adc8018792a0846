/**
 * Notifications: people are told by mail what the outbox says happened. It consumes catalog events
 * (a stage activated, reminded, about to escalate or escalated; a run completed, rejected or returned, a run an admin must repair, an effect
 * that failed for good, a leaver's access ending tomorrow, a Notify stage reached) and writes one notification row per (event,
 * recipient, kind), so a redelivered event writes nothing new; the mail sender works the rows outside any transaction,
 * with fenced, leased claims and backoff, through Spring Boot's {@code JavaMailSender}. The root
 * holds the module's vocabulary ({@link notifications.NotificationStatus},
 * {@link notifications.NotificationKind}). {@code store} owns the table; {@code intake} turns
 * events into rendered rows; {@code delivery} sends them (and starts GreenMail in the demo);
 * {@code web} is the admin's Mail page and {@code GET /v1/admin/notifications}; {@code ports}
 * answers workflow's {@link workflow.NotifyStageMail} (what a Notify stage sent, for the run page);
 * {@code webhooks} delivers events to other systems' endpoints, signed (Standard Webhooks), on the
 * same leased-row worker of the platform as the mail sender.
 */
@org.springframework.modulith.ApplicationModule(id = "notifications", displayName = "Notifications", allowedDependencies = { "outbox", "outbox :: catalog", "jobs", "platform", "workflow" })
package notifications;
