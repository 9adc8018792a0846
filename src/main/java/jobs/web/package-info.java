/** The operators' jobs page and JSON API: every instance's runners and recent runs, read from the job tables. */
package jobs.web;
