-- The provisioning dispatcher's one cross-tenant question: which tenants have effects due (or a
-- lease to rescue) at p_now. Tenant ids only; the dispatcher claims inside each tenant's own unit
-- of work (RLS), as the workflow jobs do.
CREATE OR REPLACE FUNCTION provisioning_tenants_with_due_effects(p_now timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT e.tenant_id FROM provisioning_effects e
    WHERE ((e.status IN ('planned', 'scheduled') AND e.next_attempt_at <= p_now AND e.scheduled_for <= p_now)
           OR (e.status = 'applying' AND e.lease_until < p_now))
      AND NOT EXISTS (SELECT 1 FROM tenants s WHERE s.id = e.tenant_id AND s.status = 'suspended')
$$;

REVOKE ALL ON FUNCTION provisioning_tenants_with_due_effects(timestamptz) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION provisioning_tenants_with_due_effects(timestamptz) TO %I', '${app_role}');
END
$$;
