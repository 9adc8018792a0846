-- A claim of the named tenants' due events only (up to p_group each, oldest due first, skipping
-- rows other workers hold): a dispatch round busy with a big tenant's batch takes in the events of
-- tenants that published meanwhile, so that a trickle tenant's event waits for one group instead
-- of a whole round (docs/benchmarks.md, fairness). One index probe per tenant, no discovery: the
-- round knows the tenants from their wake-ups.
CREATE FUNCTION outbox_claim_tenants(p_token uuid, p_worker text, p_lease interval, p_tenants text[], p_group integer)
    RETURNS TABLE (id uuid, tenant_id text, event_type text, aggregate_id uuid, idempotency_key text,
                   payload_version integer, payload text, attempts integer, max_attempts integer,
                   age_seconds double precision, available_at timestamptz, created_at timestamptz)
    LANGUAGE sql SECURITY DEFINER SET search_path = public
AS $$
    UPDATE outbox_events e
    SET status = 'processing', claim_token = p_token, claimed_by = p_worker, lease_until = now() + p_lease,
        attempts = e.attempts + 1
    -- = ANY(ARRAY(...)) as in outbox_claim_due: a few picked ids, looked up by the primary key
    WHERE e.id = ANY(ARRAY(
        SELECT p.id FROM unnest(p_tenants) AS t(tenant_id) CROSS JOIN LATERAL (
            SELECT d.id FROM outbox_events d
            WHERE d.tenant_id = t.tenant_id AND d.status = 'pending' AND d.available_at <= now()
            ORDER BY d.available_at, d.created_at
            LIMIT p_group
            FOR UPDATE SKIP LOCKED) p))
    RETURNING e.id, e.tenant_id, e.event_type, e.aggregate_id, e.idempotency_key, e.payload_version, e.payload::text,
              e.attempts, e.max_attempts, extract(epoch FROM clock_timestamp() - e.created_at)::float8,
              e.available_at, e.created_at
$$;

REVOKE ALL ON FUNCTION outbox_claim_tenants(uuid, text, interval, text[], integer) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_claim_tenants(uuid, text, interval, text[], integer) TO %I', '${app_role}');
END
$$;
