-- Cross-tenant outbox work. The tables keep tenant RLS; the few operations that must look across
-- tenants are SECURITY DEFINER functions owned by the migration owner, whose own policies below
-- allow them (the pattern of V3). Everything tenant-specific (claiming events, completing them,
-- releasing the queue row, admin actions) runs as the runtime role inside a tenant unit of work.
CREATE POLICY owner_dispatch ON outbox_dispatch_queue TO CURRENT_USER USING (true) WITH CHECK (true);
CREATE POLICY owner_maintenance ON outbox_events TO CURRENT_USER USING (true) WITH CHECK (true);
CREATE POLICY owner_maintenance ON outbox_attempts TO CURRENT_USER USING (true) WITH CHECK (true);

-- Claims the tenant that has been due longest: new claim token, generation + 1, lease. rescue
-- tells the caller that the previous claim was never released (its holder died or overran its
-- lease), so that tenant's expired event leases must be rescued first.
CREATE FUNCTION outbox_claim_tenant(p_token uuid, p_worker text, p_lease interval)
    RETURNS TABLE (tenant_id text, generation bigint, publish_seq bigint, rescue boolean)
    LANGUAGE sql SECURITY DEFINER SET search_path = public
AS $$
    WITH next AS (
        SELECT q.tenant_id, q.claim_token IS NOT NULL AS rescue
        FROM outbox_dispatch_queue q
        WHERE q.due_at <= now()
        ORDER BY q.due_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
    )
    UPDATE outbox_dispatch_queue q
    SET claim_token = p_token, claimed_by = p_worker, generation = q.generation + 1,
        lease_until = now() + p_lease, due_at = now() + p_lease
    FROM next
    WHERE q.tenant_id = next.tenant_id
    RETURNING q.tenant_id, q.generation, q.publish_seq, next.rescue
$$;

-- Seconds until the next tenant is due (negative: due now but locked by a publisher or a
-- claiming dispatcher); null when nothing is scheduled. Dispatchers sleep this long at most.
CREATE FUNCTION outbox_seconds_until_due()
    RETURNS double precision
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT extract(epoch FROM min(due_at) - now())::double precision FROM outbox_dispatch_queue WHERE due_at IS NOT NULL
$$;

-- The outbox_backlog gauge: pending + failed over all tenants, each counted on its partial index.
CREATE FUNCTION outbox_backlog_total()
    RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT (SELECT count(*) FROM outbox_events WHERE status = 'pending')
         + (SELECT count(*) FROM outbox_events WHERE status = 'failed')
$$;

-- Retention: deletes up to p_limit delivered or discarded events finished before p_before.
-- p_max_id (the UUIDv7 of p_before) bounds the scan to the old end of the primary key; SKIP LOCKED
-- and the small batches keep locks short. Attempts go by ON DELETE CASCADE.
CREATE FUNCTION outbox_purge_finished(p_before timestamptz, p_max_id uuid, p_limit integer)
    RETURNS integer
    LANGUAGE sql SECURITY DEFINER SET search_path = public
AS $$
    WITH doomed AS (
        SELECT id FROM outbox_events
        WHERE id < p_max_id
          AND status IN ('delivered', 'discarded')
          AND coalesce(delivered_at, discarded_at) < p_before
        ORDER BY id
        LIMIT p_limit
        FOR UPDATE SKIP LOCKED
    ), gone AS (
        DELETE FROM outbox_events e USING doomed WHERE e.id = doomed.id RETURNING 1
    )
    SELECT count(*)::integer FROM gone
$$;

REVOKE ALL ON FUNCTION outbox_claim_tenant(uuid, text, interval) FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_seconds_until_due() FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_backlog_total() FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_purge_finished(timestamptz, uuid, integer) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_claim_tenant(uuid, text, interval) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_seconds_until_due() TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_backlog_total() TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_purge_finished(timestamptz, uuid, integer) TO %I', '${app_role}');
END
$$;
