-- The webhook sender's one cross-tenant question: which tenants have deliveries due (or a lease to
-- rescue) at p_now. Tenant ids only; the sender claims inside each tenant's own unit of work (RLS).
CREATE OR REPLACE FUNCTION webhooks_tenants_with_due_deliveries(p_now timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT d.tenant_id FROM webhook_deliveries d
    WHERE ((d.status = 'pending' AND d.next_attempt_at <= p_now
            AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id AND e.status = 'enabled'))
           OR (d.status = 'sending' AND d.lease_until < p_now))
      AND NOT EXISTS (SELECT 1 FROM tenants s WHERE s.id = d.tenant_id AND s.status = 'suspended')
$$;

REVOKE ALL ON FUNCTION webhooks_tenants_with_due_deliveries(timestamptz) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION webhooks_tenants_with_due_deliveries(timestamptz) TO %I', '${app_role}');
END
$$;
