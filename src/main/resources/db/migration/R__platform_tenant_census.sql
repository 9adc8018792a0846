-- Whether any tenant exists, for the bootstrap of an empty production database.

-- The runtime role cannot see other tenants through row-level security: this answers just yes/no.
CREATE OR REPLACE FUNCTION platform_any_tenant_exists()
    RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT EXISTS (SELECT 1 FROM tenants)
$$;

REVOKE ALL ON FUNCTION platform_any_tenant_exists() FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION platform_any_tenant_exists() TO %I', '${app_role}');
END
$$;
