/** Admin read and repair side: backlog, event search, dead letters (re-drive, discard) and their audit. */
package outbox.admin;
