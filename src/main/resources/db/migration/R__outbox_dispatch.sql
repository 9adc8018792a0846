-- The outbox dispatcher's cross-tenant statements: claim due events, take in named tenants,
-- renew and hand back claims, rescue expired leases, and how long an idle dispatcher may sleep.
-- SECURITY DEFINER because they look across tenants (owner policies of V13); completing and
-- failing an event stays under row-level security as the runtime role. The ones called per
-- wake-up (claims, the sleep) are PL/pgSQL: a SQL function's body is parsed and planned again on
-- every call (docs/benchmarks.md, access approvals), PL/pgSQL keeps its plans for the session.
-- The current definition of each function lives here; a change edits this file (Flyway re-applies
-- it when it changes).
-- A changed result type cannot be replaced in place: those functions are dropped first.
DROP FUNCTION IF EXISTS outbox_claim_due(uuid, text, interval, integer, integer);
DROP FUNCTION IF EXISTS outbox_claim_tenants(uuid, text, interval, text[], integer);
DROP FUNCTION IF EXISTS outbox_rescue_expired(integer);

-- Claims a batch of due events fairly across tenants: every due tenant gets up to one group (the
-- events one transaction delivers together), the batch growing up to four times p_limit for that;
-- a tenant with fewer due events takes only those (water-filling). Tenant discovery and the count
-- read the due index from its new end, because delivered events leave dead entries at the old end
-- while a long snapshot keeps vacuum from removing them.
CREATE OR REPLACE FUNCTION outbox_claim_due(p_token uuid, p_worker text, p_lease interval, p_limit integer, p_group integer)
    RETURNS TABLE (id uuid, tenant_id text, event_type text, aggregate_id uuid, idempotency_key text,
                   payload_version integer, payload text, attempts integer, max_attempts integer,
                   age_seconds double precision, available_at timestamptz, created_at timestamptz, consumer text)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
#variable_conflict use_column
BEGIN
    RETURN QUERY
    -- the due tenants by a skip scan from the index's NEW end (the newest due event of each tenant)
    WITH RECURSIVE due(tenant_id) AS (
        (SELECT e.tenant_id FROM outbox_events e
         WHERE e.status = 'pending' AND e.available_at <= now()
         ORDER BY e.tenant_id DESC, e.available_at DESC LIMIT 1)
        UNION ALL
        SELECT (SELECT e.tenant_id FROM outbox_events e
                WHERE e.status = 'pending' AND e.available_at <= now() AND e.tenant_id < due.tenant_id
                ORDER BY e.tenant_id DESC, e.available_at DESC LIMIT 1)
        FROM due WHERE due.tenant_id IS NOT NULL
    ), counted AS (
        SELECT due.tenant_id, c.due_count FROM due CROSS JOIN LATERAL (
            SELECT count(*) AS due_count FROM (
                -- ordered, so that it is an index scan that stops after p_limit rows (unordered, the
                -- planner may count a big tenant's whole backlog in a bitmap scan); newest first, as
                -- the number is the same from either end and the old end is where the dead entries are
                SELECT 1 FROM outbox_events e
                WHERE e.tenant_id = due.tenant_id AND e.status = 'pending' AND e.available_at <= now()
                ORDER BY e.available_at DESC, e.created_at DESC
                LIMIT p_limit) upto) c
        WHERE due.tenant_id IS NOT NULL
          -- a suspended tenant's events wait, pending, until it is resumed
          AND NOT EXISTS (SELECT 1 FROM tenants s WHERE s.id = due.tenant_id AND s.status = 'suspended')
    ), sized AS (
        -- the batch: p_limit, or a group for each due tenant (what it has when less), at most 4 x p_limit
        SELECT counted.tenant_id, counted.due_count,
               greatest(p_limit, least(4 * p_limit, sum(least(counted.due_count, p_group)) OVER ()))::integer AS total,
               count(*) OVER () AS tenants
        FROM counted
    ), equal_shares AS (
        SELECT sized.tenant_id, sized.due_count, sized.total, greatest(1, sized.total / sized.tenants) AS share
        FROM sized
    ), filled AS (
        -- water-filling: a tenant with fewer due events than its share takes only those, and what
        -- it leaves goes to the tenants with more; within a tenant the oldest due first
        SELECT s.tenant_id, s.due_count, s.share,
               -- integer: sum() is numeric, whose division would round a take up past the batch
               greatest(0, s.total - sum(least(s.due_count, s.share)) OVER ())::integer AS leftover,
               count(*) FILTER (WHERE s.due_count > s.share) OVER () AS larger
        FROM equal_shares s
    ), shares AS (
        SELECT filled.tenant_id,
               CASE WHEN filled.due_count <= filled.share THEN filled.due_count
                    ELSE filled.share + filled.leftover / greatest(1, filled.larger) END AS take
        FROM filled
    ), picked AS (
        SELECT p.id FROM shares s CROSS JOIN LATERAL (
            SELECT e.id FROM outbox_events e
            WHERE e.tenant_id = s.tenant_id AND e.status = 'pending' AND e.available_at <= now()
            ORDER BY e.available_at, e.created_at
            LIMIT s.take
            FOR UPDATE SKIP LOCKED) p
    )
    -- = ANY(ARRAY(...)): the planner cannot know how few rows were picked (the LIMITs come from
    -- data) and would otherwise hash-join them against a sequential scan of the whole table
    UPDATE outbox_events e
    SET status = 'processing', claim_token = p_token, claimed_by = p_worker, lease_until = now() + p_lease,
        attempts = e.attempts + 1
    WHERE e.id = ANY(ARRAY(SELECT picked.id FROM picked))
    RETURNING e.id, e.tenant_id, e.event_type, e.aggregate_id, e.idempotency_key, e.payload_version, e.payload::text,
              e.attempts, e.max_attempts, extract(epoch FROM clock_timestamp() - e.created_at)::float8,
              e.available_at, e.created_at, e.consumer;
END
$$;

-- Claims the named tenants' due events only (up to p_group each): a round busy with a big tenant's
-- batch takes in the tenants that published meanwhile, so their events wait for one group, not a
-- whole round. One index probe per tenant; the round knows the tenants from their wake-ups.
CREATE OR REPLACE FUNCTION outbox_claim_tenants(p_token uuid, p_worker text, p_lease interval, p_tenants text[], p_group integer)
    RETURNS TABLE (id uuid, tenant_id text, event_type text, aggregate_id uuid, idempotency_key text,
                   payload_version integer, payload text, attempts integer, max_attempts integer,
                   age_seconds double precision, available_at timestamptz, created_at timestamptz, consumer text)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
#variable_conflict use_column
BEGIN
    RETURN QUERY
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
            FOR UPDATE SKIP LOCKED) p
        WHERE NOT EXISTS (SELECT 1 FROM tenants s WHERE s.id = t.tenant_id AND s.status = 'suspended')))
    RETURNING e.id, e.tenant_id, e.event_type, e.aggregate_id, e.idempotency_key, e.payload_version, e.payload::text,
              e.attempts, e.max_attempts, extract(epoch FROM clock_timestamp() - e.created_at)::float8,
              e.available_at, e.created_at, e.consumer;
END
$$;

-- Heartbeat: extends the leases of the claims a live worker still works on. Rows locked by their
-- completing transaction are skipped (that transaction ends the claim anyway).
CREATE OR REPLACE FUNCTION outbox_renew_leases(p_tokens uuid[], p_lease interval)
    RETURNS integer
    LANGUAGE sql SECURITY DEFINER SET search_path = public
AS $$
    WITH mine AS (
        SELECT e.id FROM outbox_events e
        WHERE e.claim_token = ANY(p_tokens) AND e.status = 'processing'
        FOR UPDATE SKIP LOCKED
    ), renewed AS (
        UPDATE outbox_events e SET lease_until = now() + p_lease WHERE e.id = ANY(ARRAY(SELECT mine.id FROM mine)) RETURNING 1
    )
    SELECT count(*)::integer FROM renewed
$$;

-- Hands back claimed events that were never attempted (shutdown, a slow batch, a failed round):
-- pending again, the claim's attempt not counted.
CREATE OR REPLACE FUNCTION outbox_release(p_token uuid, p_ids uuid[])
    RETURNS integer
    LANGUAGE sql SECURITY DEFINER SET search_path = public
AS $$
    WITH released AS (
        UPDATE outbox_events e
        SET status = 'pending', attempts = e.attempts - 1, claim_token = NULL, lease_until = NULL
        WHERE e.claim_token = p_token AND e.status = 'processing' AND e.id = ANY(p_ids)
        RETURNING 1
    )
    SELECT count(*)::integer FROM released
$$;

-- Lease rescue across tenants: events whose worker died or stalled go back to pending (or to the
-- dead letters when their attempts are used up), with the lost attempt in their history.
CREATE OR REPLACE FUNCTION outbox_rescue_expired(p_limit integer)
    RETURNS TABLE (id uuid, tenant_id text, event_type text, dead_lettered boolean, aggregate_id uuid,
                   idempotency_key text, payload_version integer, payload text, attempts integer,
                   max_attempts integer, last_error text, consumer text)
    LANGUAGE sql SECURITY DEFINER SET search_path = public
AS $$
    WITH expired AS (
        SELECT e.id FROM outbox_events e
        WHERE e.status = 'processing' AND e.lease_until < now()
        ORDER BY e.lease_until
        LIMIT p_limit
        FOR UPDATE SKIP LOCKED
    ), rescued AS (
        UPDATE outbox_events e
        SET status = CASE WHEN e.attempts >= e.max_attempts THEN 'failed' ELSE 'pending' END,
            failed_at = CASE WHEN e.attempts >= e.max_attempts THEN now() END,
            available_at = now(), claim_token = NULL, lease_until = NULL,
            last_error_class = 'outbox.LeaseExpired',
            last_error = 'The worker holding the lease stopped renewing it before the attempt completed'
        WHERE e.id = ANY(ARRAY(SELECT expired.id FROM expired))
        RETURNING e.id, e.tenant_id, e.event_type, e.status, e.attempts, e.redrives, e.claimed_by,
                  e.last_error_class, e.last_error, e.aggregate_id, e.idempotency_key, e.payload_version,
                  e.payload::text AS payload, e.max_attempts, e.consumer
    ), history AS (
        INSERT INTO outbox_attempts (tenant_id, event_id, redrive, attempt, outcome, error_class, error_message, worker_id)
        SELECT r.tenant_id, r.id, r.redrives, r.attempts,
               CASE WHEN r.status = 'failed' THEN 'dead_lettered' ELSE 'retried' END,
               r.last_error_class, r.last_error, r.claimed_by
        FROM rescued r
    )
    SELECT r.id, r.tenant_id, r.event_type, r.status = 'failed', r.aggregate_id, r.idempotency_key, r.payload_version,
           r.payload, r.attempts, r.max_attempts, r.last_error, r.consumer
    FROM rescued r
$$;

-- Seconds until the next pending event is due (negative: due now), null when nothing is pending:
-- the longest an idle dispatcher sleeps. One probe per tenant with pending events.
CREATE OR REPLACE FUNCTION outbox_seconds_until_due()
    RETURNS double precision
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
AS $$
BEGIN
    RETURN (
    WITH RECURSIVE t(tenant_id) AS (
        (SELECT e.tenant_id FROM outbox_events e WHERE e.status = 'pending' ORDER BY e.tenant_id LIMIT 1)
        UNION ALL
        SELECT (SELECT e.tenant_id FROM outbox_events e
                WHERE e.status = 'pending' AND e.tenant_id > t.tenant_id ORDER BY e.tenant_id LIMIT 1)
        FROM t WHERE t.tenant_id IS NOT NULL
    )
    SELECT extract(epoch FROM min(n.next_due) - now())::double precision
    FROM t CROSS JOIN LATERAL (
        SELECT e.available_at AS next_due FROM outbox_events e
        WHERE e.tenant_id = t.tenant_id AND e.status = 'pending'
        ORDER BY e.available_at LIMIT 1) n
    WHERE t.tenant_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM tenants s WHERE s.id = t.tenant_id AND s.status = 'suspended'));
END
$$;

REVOKE ALL ON FUNCTION outbox_claim_due(uuid, text, interval, integer, integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_claim_tenants(uuid, text, interval, text[], integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_renew_leases(uuid[], interval) FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_release(uuid, uuid[]) FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_rescue_expired(integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_seconds_until_due() FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_claim_due(uuid, text, interval, integer, integer) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_claim_tenants(uuid, text, interval, text[], integer) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_renew_leases(uuid[], interval) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_release(uuid, uuid[]) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_rescue_expired(integer) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_seconds_until_due() TO %I', '${app_role}');
END
$$;
