/** The {@code notifications} table: writing rows once per key, the sender's claims, and the Mail page's list. */
package notifications.store;
