-- Outbox v2 dispatch protocol. The tenant dispatch queue of V12 is gone: it made every publishing
-- transaction of a tenant wait for the others (the queue row lock) and let one thread at a time
-- work on a tenant. Now any dispatcher thread of any instance claims due EVENTS directly with
-- FOR UPDATE SKIP LOCKED, a bounded share per due tenant so one tenant's backlog cannot delay the
-- others; a publish is a plain insert (the wake-up is sent after commit, see outbox.dispatch).
-- Claims are short leases renewed by a heartbeat while the worker lives; an expired lease is
-- rescued across tenants whatever else happens. The functions are SECURITY DEFINER because they
-- look across tenants (pattern of V13); completing and failing an event stays under RLS.
DROP FUNCTION outbox_claim_tenant(uuid, text, interval);
DROP FUNCTION outbox_seconds_until_due();
DROP FUNCTION outbox_enqueue_tenant(text);
DROP TABLE outbox_dispatch_queue;

-- In-flight claims by token (heartbeat, release) and the rescue scan. Not on lease_until, so
-- that renewing a lease is a HOT update.
DROP INDEX outbox_events_processing_idx;
CREATE INDEX outbox_events_claimed_idx ON outbox_events (claim_token) WHERE status = 'processing';

-- The due tenants are found by a skip scan over outbox_events_due_idx (one index probe per
-- tenant with pending events). The batch is shared out by water-filling: every due tenant gets an
-- equal share (at least one), a tenant with fewer due events takes only those, and what it leaves
-- goes to the tenants with more; within a tenant the oldest due first. So a big tenant still gets
-- most of a batch when the others only trickle. The caller interleaves the claimed events by tenant.
CREATE FUNCTION outbox_claim_due(p_token uuid, p_worker text, p_lease interval, p_limit integer)
    RETURNS TABLE (id uuid, tenant_id text, event_type text, aggregate_id uuid, idempotency_key text,
                   payload_version integer, payload text, attempts integer, max_attempts integer,
                   age_seconds double precision, available_at timestamptz, created_at timestamptz)
    LANGUAGE sql SECURITY DEFINER SET search_path = public
AS $$
    WITH RECURSIVE due(tenant_id) AS (
        (SELECT e.tenant_id FROM outbox_events e
         WHERE e.status = 'pending' AND e.available_at <= now()
         ORDER BY e.tenant_id LIMIT 1)
        UNION ALL
        SELECT (SELECT e.tenant_id FROM outbox_events e
                WHERE e.status = 'pending' AND e.available_at <= now() AND e.tenant_id > due.tenant_id
                ORDER BY e.tenant_id LIMIT 1)
        FROM due WHERE due.tenant_id IS NOT NULL
    ), counted AS (
        SELECT due.tenant_id, c.due_count, greatest(1, p_limit / count(*) OVER ()) AS share
        FROM due CROSS JOIN LATERAL (
            SELECT count(*) AS due_count FROM (
                -- ordered like the pick, so that it is an index scan that stops after p_limit rows
                -- (unordered, the planner may count a big tenant's whole backlog in a bitmap scan)
                SELECT 1 FROM outbox_events e
                WHERE e.tenant_id = due.tenant_id AND e.status = 'pending' AND e.available_at <= now()
                ORDER BY e.available_at, e.created_at
                LIMIT p_limit) upto) c
        WHERE due.tenant_id IS NOT NULL
    ), filled AS (
        SELECT counted.tenant_id, counted.due_count, counted.share,
               greatest(0, p_limit - sum(least(counted.due_count, counted.share)) OVER ()) AS leftover,
               count(*) FILTER (WHERE counted.due_count > counted.share) OVER () AS larger
        FROM counted
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
              e.available_at, e.created_at
$$;

-- Heartbeat: extends the leases of the claims a live worker still works on. Rows locked by their
-- completing transaction are skipped (that transaction ends the claim anyway).
CREATE FUNCTION outbox_renew_leases(p_tokens uuid[], p_lease interval)
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
CREATE FUNCTION outbox_release(p_token uuid, p_ids uuid[])
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
CREATE FUNCTION outbox_rescue_expired(p_limit integer)
    RETURNS TABLE (id uuid, tenant_id text, event_type text, dead_lettered boolean, aggregate_id uuid,
                   idempotency_key text, payload_version integer, payload text, attempts integer,
                   max_attempts integer, last_error text)
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
                  e.payload::text AS payload, e.max_attempts
    ), history AS (
        INSERT INTO outbox_attempts (tenant_id, event_id, redrive, attempt, outcome, error_class, error_message, worker_id)
        SELECT r.tenant_id, r.id, r.redrives, r.attempts,
               CASE WHEN r.status = 'failed' THEN 'dead_lettered' ELSE 'retried' END,
               r.last_error_class, r.last_error, r.claimed_by
        FROM rescued r
    )
    SELECT r.id, r.tenant_id, r.event_type, r.status = 'failed', r.aggregate_id, r.idempotency_key, r.payload_version,
           r.payload, r.attempts, r.max_attempts, r.last_error
    FROM rescued r
$$;

-- Seconds until the next pending event is due (negative: due now), null when nothing is pending:
-- the longest an idle dispatcher sleeps. One probe per tenant with pending events.
CREATE FUNCTION outbox_seconds_until_due()
    RETURNS double precision
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
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
$$;

-- Claims whose lease has passed without a rescue yet (the outbox_stuck gauge): normally zero or
-- briefly a dead worker's in-flight events.
CREATE FUNCTION outbox_stuck_total()
    RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT count(*) FROM outbox_events WHERE status = 'processing' AND lease_until < now()
$$;

-- The outbox_backlog gauge now also counts stuck claims.
CREATE OR REPLACE FUNCTION outbox_backlog_total()
    RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT (SELECT count(*) FROM outbox_events WHERE status = 'pending')
         + (SELECT count(*) FROM outbox_events WHERE status = 'failed')
         + (SELECT count(*) FROM outbox_events WHERE status = 'processing' AND lease_until < now())
$$;

REVOKE ALL ON FUNCTION outbox_claim_due(uuid, text, interval, integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_renew_leases(uuid[], interval) FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_release(uuid, uuid[]) FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_rescue_expired(integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_seconds_until_due() FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_stuck_total() FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_claim_due(uuid, text, interval, integer) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_renew_leases(uuid[], interval) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_release(uuid, uuid[]) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_rescue_expired(integer) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_seconds_until_due() TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_stuck_total() TO %I', '${app_role}');
END
$$;
