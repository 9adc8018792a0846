/**
 * Intake: outbox events become notification rows, rendered once from their templates (text and
 * HTML in one layout), one per (event, recipient, kind), with the recipient's address from the
 * tenant's user directory.
 */
package notifications.intake;
