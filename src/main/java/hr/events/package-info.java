/** What HR does with the outbox events other modules publish about its employees. */
package hr.events;
