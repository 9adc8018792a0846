/**
 * Bulk imports of employees (issue 38 item 4): a CSV or JSON-lines file previewed as a dry run, then
 * applied by a job through the employee service's one write path, with an offboarding threshold an
 * ADMIN must confirm. A room of the hr module: its API, page and job.
 */
package hr.imports;
