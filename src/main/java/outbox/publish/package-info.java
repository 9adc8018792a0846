/** The transactional publisher: stores an event in the caller's tenant transaction. */
package outbox.publish;
