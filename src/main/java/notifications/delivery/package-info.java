/**
 * Delivery: which SMTP server mail goes to (the configured one, the demo's GreenMail, or none) and
 * the sender that works the pending notifications with fenced, leased claims and backoff.
 */
package notifications.delivery;
