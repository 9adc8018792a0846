-- The erasure job's one cross-tenant question, like hr_tenants_with_due_starters (V121): which
-- active tenants have a left employee past their retention on p_today. Tenant ids only; the job
-- erases inside each tenant's own unit of work.
CREATE OR REPLACE FUNCTION hr_tenants_with_erasable_leavers(p_today date)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT e.tenant_id FROM employees e JOIN tenants t ON t.id = e.tenant_id
    WHERE e.status = 'left' AND e.personal_data_erased_at IS NULL AND t.status = 'active'
      AND greatest(e.last_day, e.updated_at::date) + t.personal_data_retention_days <= p_today
$$;

REVOKE ALL ON FUNCTION hr_tenants_with_erasable_leavers(date) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION hr_tenants_with_erasable_leavers(date) TO %I', '${app_role}');
END
$$;
