-- A run that cannot go on by itself is needs_attention, with why, since when and what was tried
-- (an undeliverable decision, a workflow execution that closed or vanished while the projection
-- says running, an activity that failed for good). attention_resume_status is the live status it
-- left, to which a repair returns it.
ALTER TABLE workflow_runs DROP CONSTRAINT workflow_runs_status_check;
ALTER TABLE workflow_runs ADD CONSTRAINT workflow_runs_status_check
    CHECK (status IN ('requested', 'start_failed', 'running', 'returned', 'needs_attention', 'completed', 'rejected',
                      'withdrawn'));
ALTER TABLE workflow_runs
    ADD COLUMN attention_reason        text,
    ADD COLUMN attention_since         timestamptz,
    ADD COLUMN attention_tried         text,
    ADD COLUMN attention_resume_status text;

-- the reconciliation job: which tenants have runs the projection thinks are live
CREATE FUNCTION workflow_tenants_with_live_runs(p_started_before timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT tenant_id FROM workflow_runs
    WHERE status IN ('running', 'returned') AND workflow_id IS NOT NULL AND started_at < p_started_before
$$;

REVOKE ALL ON FUNCTION workflow_tenants_with_live_runs(timestamptz) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION workflow_tenants_with_live_runs(timestamptz) TO %I', '${app_role}');
END
$$;

-- the reconciliation looks at the live runs it checked least recently first
ALTER TABLE workflow_runs ADD COLUMN reconciled_at timestamptz;
CREATE INDEX workflow_runs_reconcile_idx ON workflow_runs (tenant_id, reconciled_at NULLS FIRST)
    WHERE status IN ('running', 'returned');
