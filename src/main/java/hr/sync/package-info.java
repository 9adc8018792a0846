/**
 * The HR source sync (issue 38 item 5): a tenant's HR source, configured by its ADMIN, pulled by the
 * {@code hr_source_sync} job on the cadence and with the cursor kept in the tenant's source row, each
 * answer imported through the bulk import's pipeline. A room of the hr module: its settings, API,
 * page and job.
 */
package hr.sync;
