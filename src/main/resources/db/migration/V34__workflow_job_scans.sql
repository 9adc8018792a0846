-- The workflow jobs run for every tenant, but the runtime role only sees the tenant of its unit
-- of work. These SECURITY DEFINER functions (owner-run, like auth_find_login in V3) answer the
-- one cross-tenant question a job has: which tenants have work due. They return tenant ids
-- only; the job then reads and writes the rows inside each tenant's own unit of work (RLS).
CREATE POLICY owner_job_scan ON workflow_runs FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_job_scan ON workflow_stages FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_job_scan ON workflow_actions FOR SELECT TO CURRENT_USER USING (true);

CREATE FUNCTION workflow_tenants_with_unsent_signals(p_created_before timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT tenant_id FROM workflow_actions
    WHERE signal_sent_at IS NULL AND outcome IS NULL AND created_at < p_created_before
$$;

CREATE FUNCTION workflow_tenants_with_due_starts(p_now timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT tenant_id FROM workflow_runs
    WHERE status = 'requested' AND start_requested_at IS NULL AND start_not_before <= p_now
$$;

CREATE FUNCTION workflow_tenants_with_overdue_stages(p_now timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT tenant_id FROM workflow_stages
    WHERE status = 'active' AND sla_hours IS NOT NULL AND reminder_published_at IS NULL
      AND activated_at + make_interval(hours => sla_hours) < p_now
$$;

REVOKE ALL ON FUNCTION workflow_tenants_with_unsent_signals(timestamptz) FROM PUBLIC;
REVOKE ALL ON FUNCTION workflow_tenants_with_due_starts(timestamptz) FROM PUBLIC;
REVOKE ALL ON FUNCTION workflow_tenants_with_overdue_stages(timestamptz) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION workflow_tenants_with_unsent_signals(timestamptz) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION workflow_tenants_with_due_starts(timestamptz) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION workflow_tenants_with_overdue_stages(timestamptz) TO %I', '${app_role}');
END
$$;
