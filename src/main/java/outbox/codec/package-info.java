/**
 * The outbox's own JSON: catalog records to stored payloads and back, by exact type key, with
 * upcasting of payloads stored in an older shape or under a former type key.
 */
package outbox.codec;
