-- The HR activation job runs for every tenant, but the runtime role only sees the tenant of its
-- unit of work. Like the workflow's scans (V34), this SECURITY DEFINER function answers the one
-- cross-tenant question: which tenants have employees due to start on p_today. It returns tenant
-- ids only; the job then reads and writes the rows inside each tenant's own unit of work (RLS).
CREATE POLICY owner_job_scan ON employees FOR SELECT TO CURRENT_USER USING (true);

CREATE FUNCTION hr_tenants_with_due_starters(p_today date)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT tenant_id FROM employees WHERE status = 'pending_start' AND start_date <= p_today
$$;

REVOKE ALL ON FUNCTION hr_tenants_with_due_starters(date) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION hr_tenants_with_due_starters(date) TO %I', '${app_role}');
END
$$;
