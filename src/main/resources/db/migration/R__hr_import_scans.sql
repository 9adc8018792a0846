-- The import apply job's cross-tenant question: which tenants have an import being applied.
-- Tenant ids only; the job reads and writes the rows in each tenant's own unit of work (RLS).
CREATE OR REPLACE FUNCTION hr_tenants_with_applying_imports()
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT tenant_id FROM hr_imports WHERE status = 'applying'
$$;

REVOKE ALL ON FUNCTION hr_tenants_with_applying_imports() FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION hr_tenants_with_applying_imports() TO %I', '${app_role}');
END
$$;
