-- The access-ending notice job's cross-tenant question: which tenants have a leaver whose access
-- ends at the end of p_last_day (the leaver run completed, the revocation not reported yet).
-- Tenant ids only; the job reads the rows and publishes inside each tenant's own unit of work.
CREATE OR REPLACE FUNCTION hr_tenants_with_access_ending(p_last_day date)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT e.tenant_id FROM employees e JOIN tenants t ON t.id = e.tenant_id
    WHERE e.status = 'access_ending' AND e.last_day = p_last_day AND t.status = 'active'
$$;

REVOKE ALL ON FUNCTION hr_tenants_with_access_ending(date) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION hr_tenants_with_access_ending(date) TO %I', '${app_role}');
END
$$;
