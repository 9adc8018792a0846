/** The platform's upkeep as jobs: the daily audit chain check of every tenant, the audit retention purge, the secrets' key rotation. */
package jobs.audit;
