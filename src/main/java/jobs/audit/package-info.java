/** The audit trail's upkeep as jobs: the daily chain check of every tenant and the retention purge. */
package jobs.audit;
