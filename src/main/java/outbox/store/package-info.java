/** SQL of the outbox tables: events, attempts and the tenant dispatch queue. */
package outbox.store;
