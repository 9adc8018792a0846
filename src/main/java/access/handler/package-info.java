/** The access module's outbox handler: a leaver's revocation takes every package with it. */
package access.handler;
