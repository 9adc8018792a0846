-- The HR activation job's cross-tenant question: which tenants have employees due to start.
-- Tenant ids only; the job reads and writes the rows in each tenant's own unit of work (RLS).

-- which tenants have pending starters whose start date has come
CREATE OR REPLACE FUNCTION hr_tenants_with_due_starters(p_today date)
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
