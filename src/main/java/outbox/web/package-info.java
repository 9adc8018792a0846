/** Admin pages and JSON API of the backlog, event search and dead letters. */
package outbox.web;
