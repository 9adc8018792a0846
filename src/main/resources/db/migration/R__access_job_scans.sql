-- The access expiry job's cross-tenant question: which tenants have approved access whose time is
-- up at p_now. Tenant ids only; the job expires the rows inside each tenant's own unit of work.
CREATE OR REPLACE FUNCTION access_tenants_with_expired(p_now timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT r.tenant_id FROM access_requests r JOIN tenants t ON t.id = r.tenant_id
    WHERE r.status = 'approved' AND r.expires_at <= p_now AND t.status = 'active'
$$;

REVOKE ALL ON FUNCTION access_tenants_with_expired(timestamptz) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION access_tenants_with_expired(timestamptz) TO %I', '${app_role}');
END
$$;
