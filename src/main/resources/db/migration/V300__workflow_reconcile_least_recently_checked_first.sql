-- The reconciliation checks live runs least recently checked first, a run never checked counting as
-- checked when it started: new runs queue behind the old ones instead of ahead of them, so every
-- live run is re-checked within one pass over the live runs however many new runs arrive.
DROP INDEX workflow_runs_reconcile_idx;
CREATE INDEX workflow_runs_reconcile_idx ON workflow_runs (tenant_id, (coalesce(reconciled_at, started_at)), id)
    WHERE status IN ('requested', 'running', 'returned') AND workflow_id IS NOT NULL;
