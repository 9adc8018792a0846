-- The time-based HR triggers' one cross-tenant question: which active tenants have any on. Tenant
-- ids only; the job fires inside each tenant's own unit of work.
CREATE OR REPLACE FUNCTION hr_tenants_with_time_triggers()
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT h.tenant_id FROM hr_triggers h JOIN tenants t ON t.id = h.tenant_id
    WHERE t.status = 'active' AND (h.joiner_days_before_start IS NOT NULL
       OR h.leaver_days_before_last_day IS NOT NULL OR h.post_offboarding_days_after IS NOT NULL)
$$;

REVOKE ALL ON FUNCTION hr_tenants_with_time_triggers() FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION hr_tenants_with_time_triggers() TO %I', '${app_role}');
END
$$;
