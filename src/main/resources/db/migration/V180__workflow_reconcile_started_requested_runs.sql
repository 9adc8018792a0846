-- The reconciliation also checks a run that is still requested but whose workflow execution was
-- recorded: started, not yet at its first stage. If that execution vanishes (an ephemeral
-- Temporal restarted, an operator terminated it) nothing else would ever move the run.
CREATE OR REPLACE FUNCTION workflow_tenants_with_live_runs(p_started_before timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT tenant_id FROM workflow_runs
    WHERE status IN ('requested', 'running', 'returned') AND workflow_id IS NOT NULL AND started_at < p_started_before
$$;

DROP INDEX workflow_runs_reconcile_idx;
CREATE INDEX workflow_runs_reconcile_idx ON workflow_runs (tenant_id, reconciled_at NULLS FIRST)
    WHERE status IN ('requested', 'running', 'returned') AND workflow_id IS NOT NULL;
