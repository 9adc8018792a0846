-- The outbox tables are a hot queue: rows are inserted, updated twice and purged within days.
-- Room on each page lets updates that touch no indexed column (lease renewals) stay HOT, and
-- vacuum runs on a small fraction of dead rows instead of the default 20 % of the table.
ALTER TABLE outbox_events SET (fillfactor = 70,
    autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000,
    autovacuum_vacuum_insert_scale_factor = 0.05, autovacuum_analyze_scale_factor = 0.02,
    autovacuum_vacuum_cost_delay = 0);
ALTER TABLE outbox_attempts SET (autovacuum_vacuum_scale_factor = 0.05, autovacuum_vacuum_cost_delay = 0);
