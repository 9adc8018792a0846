-- Keep the hot outbox tables small and their updates cheap.
--
-- In-flight events are found by claim token (lease renewal, fenced completion) and by the rescue
-- pass, both on a partial index that only holds the few processing rows. lease_until is no longer
-- indexed, so the heartbeat's lease renewal (which changes nothing else) is a HOT update.
-- Status changes cannot be HOT (status is in the partial indexes' predicates); fillfactor leaves
-- room on the page so that renewals stay HOT and the version chains stay on one page.
DROP INDEX outbox_events_processing_idx;
CREATE INDEX outbox_events_inflight_idx ON outbox_events (claim_token) WHERE status = 'processing';

-- A table that is mostly inserted, updated twice and purged: vacuum it after 2% of dead rows (not
-- the default 20%, which on a million-row table lets 200k dead tuples pile up in the due index
-- range), and analyze it often enough that the partial indexes keep their estimates.
ALTER TABLE outbox_events SET (
    fillfactor = 80,
    autovacuum_vacuum_scale_factor = 0.02,
    autovacuum_vacuum_insert_scale_factor = 0.05,
    autovacuum_analyze_scale_factor = 0.02,
    autovacuum_vacuum_cost_delay = 1
);
ALTER TABLE outbox_attempts SET (
    autovacuum_vacuum_scale_factor = 0.05,
    autovacuum_vacuum_insert_scale_factor = 0.1
);
-- One row per tenant, read on every dispatch round and almost never written.
ALTER TABLE outbox_dispatch_queue SET (fillfactor = 50, autovacuum_vacuum_threshold = 20,
    autovacuum_vacuum_scale_factor = 0);
