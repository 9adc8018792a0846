/**
 * Webhooks: catalog events delivered to other systems' HTTP endpoints, signed after the Standard
 * Webhooks specification. A tenant's admin registers endpoints (the Webhooks page, {@code
 * /v1/admin/webhooks}); the intake writes one delivery row per (endpoint, event) in the event's
 * transaction; the sender works the rows on the platform's leased-row worker (as the mail sender
 * does), refusing loopback, private and link-local addresses as resolved at delivery time; an
 * endpoint failing for a day is disabled. A room of its own (store, delivery and pages together)
 * because nothing else in the module reads its tables.
 */
package notifications.webhooks;
