/** The dispatcher: LISTEN wake-ups and polling, fair tenant claims, handler attempts with timeouts, retries, dead letters, metrics. */
package outbox.dispatch;
