-- The digest job's one cross-tenant question: which tenants have notifications waiting for a digest
-- that arrived before p_moment (the last digest hour). Tenant ids only; the job reads and writes
-- inside each tenant's own unit of work (RLS).
CREATE OR REPLACE FUNCTION notifications_tenants_with_digest_due(p_moment timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT n.tenant_id FROM notifications n
    WHERE n.status = 'digested' AND n.created_at < p_moment
      AND NOT EXISTS (SELECT 1 FROM tenants s WHERE s.id = n.tenant_id AND s.status = 'suspended')
$$;

REVOKE ALL ON FUNCTION notifications_tenants_with_digest_due(timestamptz) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION notifications_tenants_with_digest_due(timestamptz) TO %I', '${app_role}');
END
$$;
