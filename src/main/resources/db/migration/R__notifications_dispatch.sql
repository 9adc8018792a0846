-- The mail sender's one cross-tenant question: which tenants have notifications due (or a lease to
-- rescue) at p_now. Tenant ids only; the sender claims inside each tenant's own unit of work (RLS).
CREATE OR REPLACE FUNCTION notifications_tenants_with_due_mail(p_now timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT n.tenant_id FROM notifications n
    WHERE ((n.status = 'pending' AND n.next_attempt_at <= p_now)
           OR (n.status = 'sending' AND n.lease_until < p_now))
      AND NOT EXISTS (SELECT 1 FROM tenants s WHERE s.id = n.tenant_id AND s.status = 'suspended')
$$;

REVOKE ALL ON FUNCTION notifications_tenants_with_due_mail(timestamptz) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION notifications_tenants_with_due_mail(timestamptz) TO %I', '${app_role}');
END
$$;
