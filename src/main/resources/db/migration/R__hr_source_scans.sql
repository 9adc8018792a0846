-- The source sync's one cross-tenant question: which active tenants' sources are due. Tenant ids
-- only; the job pulls and writes inside each tenant's own unit of work (RLS).
CREATE OR REPLACE FUNCTION hr_tenants_with_due_sources(due_by timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT s.tenant_id FROM hr_sources s JOIN tenants t ON t.id = s.tenant_id
    WHERE t.status = 'active' AND s.enabled AND s.next_due_at <= due_by
    ORDER BY s.next_due_at, s.tenant_id
$$;

REVOKE ALL ON FUNCTION hr_tenants_with_due_sources(timestamptz) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION hr_tenants_with_due_sources(timestamptz) TO %I', '${app_role}');
END
$$;
