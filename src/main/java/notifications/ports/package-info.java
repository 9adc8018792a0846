/** The ports of other modules this module answers: workflow's {@link workflow.NotifyStageMail} (the run page). */
package notifications.ports;
