-- The workflow jobs run for every tenant, but the runtime role only sees the tenant of its unit of
-- work. These SECURITY DEFINER functions answer the one cross-tenant question a job has: which
-- tenants have work due. They return tenant ids only; the job then reads and writes the rows
-- inside each tenant's own unit of work (RLS).

-- which tenants have a signal due: a new one older than p_created_before, or a retried one due at p_now
CREATE OR REPLACE FUNCTION workflow_tenants_with_due_signals(p_now timestamptz, p_created_before timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT tenant_id FROM workflow_actions
    WHERE signal_sent_at IS NULL AND outcome IS NULL AND undeliverable_at IS NULL
      AND ((next_signal_at IS NULL AND created_at < p_created_before) OR next_signal_at <= p_now)
$$;

-- which tenants have pre-hire runs whose start is due
CREATE OR REPLACE FUNCTION workflow_tenants_with_due_starts(p_now timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT tenant_id FROM workflow_runs
    WHERE status = 'requested' AND start_requested_at IS NULL AND start_not_before <= p_now
$$;

-- which tenants have active stages with a reminder, an escalation warning or an escalation due (V520)
CREATE OR REPLACE FUNCTION workflow_tenants_with_overdue_stages(p_now timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT tenant_id FROM workflow_stages
    WHERE status = 'active' AND nudge_at <= p_now
$$;

-- the reconciliation job: which tenants have runs the projection thinks are live, including a run
-- still requested whose execution was recorded (nothing else would move it if that execution vanished)
CREATE OR REPLACE FUNCTION workflow_tenants_with_live_runs(p_started_before timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT tenant_id FROM workflow_runs
    WHERE status IN ('requested', 'running', 'returned') AND workflow_id IS NOT NULL AND started_at < p_started_before
$$;

REVOKE ALL ON FUNCTION workflow_tenants_with_due_signals(timestamptz, timestamptz) FROM PUBLIC;
REVOKE ALL ON FUNCTION workflow_tenants_with_due_starts(timestamptz) FROM PUBLIC;
REVOKE ALL ON FUNCTION workflow_tenants_with_overdue_stages(timestamptz) FROM PUBLIC;
REVOKE ALL ON FUNCTION workflow_tenants_with_live_runs(timestamptz) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION workflow_tenants_with_due_signals(timestamptz, timestamptz) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION workflow_tenants_with_due_starts(timestamptz) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION workflow_tenants_with_overdue_stages(timestamptz) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION workflow_tenants_with_live_runs(timestamptz) TO %I', '${app_role}');
END
$$;
