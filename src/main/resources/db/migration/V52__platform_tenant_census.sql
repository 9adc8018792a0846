-- The bootstrap creates the first tenant only on a database without any tenant, which the
-- runtime role cannot see through row-level security: this SECURITY DEFINER function answers
-- just that yes/no, as the owner (whose V3 policy reads tenants).
CREATE FUNCTION platform_any_tenant_exists()
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
