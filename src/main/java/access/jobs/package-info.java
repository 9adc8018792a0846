/** The access module's job: approved access expires on its date. */
package access.jobs;
