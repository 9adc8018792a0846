/** The retention job: purges delivered and discarded events past their retention. */
package outbox.retention;
