-- Outbox v2 dispatch protocol (issue 10). The tenant's dispatch-queue row no longer is a lock:
-- publishers only make sure it exists (so dispatchers know the tenant) and NOTIFY; dispatchers
-- find due work in outbox_events itself (its partial due index), claim events with
-- FOR UPDATE SKIP LOCKED (several threads and instances per tenant at once) and rotate over the
-- due tenants for fairness. Only claimed events are leased, so a dead worker never holds a tenant.
--
-- Why no missed event: the row and the event commit together, a dispatcher that reads the events
-- after that commit sees them, and the NOTIFY (sent on commit) reaches every listener after the
-- commit, so a dispatcher whose snapshot predates it is woken again instead of sleeping.

DROP FUNCTION outbox_claim_tenant(uuid, text, interval);
DROP INDEX outbox_dispatch_queue_due_idx;
ALTER TABLE outbox_dispatch_queue
    DROP COLUMN due_at,
    DROP COLUMN claim_token,
    DROP COLUMN claimed_by,
    DROP COLUMN generation,
    DROP COLUMN lease_until,
    DROP COLUMN publish_seq,
    DROP COLUMN wake,
    ADD COLUMN registered_at timestamptz NOT NULL DEFAULT now();

-- The publish side, in the business transaction (runtime role, under RLS). The existence check is
-- a plain read: an existing row is neither updated nor locked, so a tenant's publishing
-- transactions never wait for each other. Only the very first publish of a tenant inserts (and
-- ON CONFLICT DO NOTHING makes concurrent first publishes agree). The NOTIFY is deduplicated by
-- PostgreSQL within a transaction (same channel and payload), so it costs one message per commit.
CREATE OR REPLACE FUNCTION outbox_enqueue_tenant(p_tenant text)
    RETURNS void
    LANGUAGE plpgsql
AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM outbox_dispatch_queue WHERE tenant_id = p_tenant) THEN
        INSERT INTO outbox_dispatch_queue (tenant_id) VALUES (p_tenant) ON CONFLICT (tenant_id) DO NOTHING;
    END IF;
    PERFORM pg_notify('outbox_wake', '');
END
$$;

-- The next tenant with due events after p_after in tenant-id order, wrapping around: each
-- dispatcher instance walks the due tenants round-robin, so a tenant with a huge backlog gets one
-- batch per turn like every other due tenant. Each branch stops at its first due tenant (primary
-- key order, one probe of the due index per tenant passed over).
CREATE FUNCTION outbox_next_due_tenant(p_after text)
    RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT t FROM (
        (SELECT q.tenant_id AS t, 1 AS turn FROM outbox_dispatch_queue q
         WHERE q.tenant_id > coalesce(p_after, '')
           AND EXISTS (SELECT 1 FROM outbox_events e
                       WHERE e.tenant_id = q.tenant_id AND e.status = 'pending' AND e.available_at <= now())
         ORDER BY q.tenant_id LIMIT 1)
        UNION ALL
        (SELECT q.tenant_id, 2 FROM outbox_dispatch_queue q
         WHERE EXISTS (SELECT 1 FROM outbox_events e
                       WHERE e.tenant_id = q.tenant_id AND e.status = 'pending' AND e.available_at <= now())
         ORDER BY q.tenant_id LIMIT 1)
    ) due
    ORDER BY turn
    LIMIT 1
$$;

-- Seconds until the next pending event of any tenant is due (zero or negative: due now); null
-- when nothing is pending. One first-row probe of the due index per tenant.
CREATE OR REPLACE FUNCTION outbox_seconds_until_due()
    RETURNS double precision
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT extract(epoch FROM min(n.at) - now())::double precision
    FROM outbox_dispatch_queue q
    CROSS JOIN LATERAL (SELECT e.available_at AS at FROM outbox_events e
                        WHERE e.tenant_id = q.tenant_id AND e.status = 'pending'
                        ORDER BY e.available_at LIMIT 1) n
$$;

-- The rescue pass, across tenants, whatever state anything else is in: every event whose lease
-- expired (its worker died, was cut off from the database or stopped renewing) goes back to
-- pending, or to the dead letters when its attempts are used up, with the lost attempt recorded.
-- SKIP LOCKED leaves alone a row whose worker is committing its completion right now.
CREATE FUNCTION outbox_rescue_expired(p_limit integer)
    RETURNS TABLE (event_id uuid, tenant_id text, event_type text, dead_lettered boolean)
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
            last_error = 'The worker holding the lease did not complete the attempt in time'
        FROM expired
        WHERE e.id = expired.id
        RETURNING e.id, e.tenant_id, e.event_type, e.status, e.attempts, e.redrives, e.claimed_by,
                  e.last_error_class, e.last_error
    ), history AS (
        INSERT INTO outbox_attempts (tenant_id, event_id, redrive, attempt, outcome, error_class, error_message, worker_id)
        SELECT r.tenant_id, r.id, r.redrives, r.attempts,
               CASE WHEN r.status = 'failed' THEN 'dead_lettered' ELSE 'retried' END,
               r.last_error_class, r.last_error, r.claimed_by
        FROM rescued r
    )
    SELECT r.id, r.tenant_id, r.event_type, r.status = 'failed' FROM rescued r
$$;

-- outbox_stuck: events still processing after their lease ran out (the rescue pass will take them).
CREATE FUNCTION outbox_stuck_total()
    RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT count(*) FROM outbox_events WHERE status = 'processing' AND lease_until < now()
$$;

-- outbox_backlog: pending + failed + stuck (a stuck event is work nobody is doing).
CREATE OR REPLACE FUNCTION outbox_backlog_total()
    RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT (SELECT count(*) FROM outbox_events WHERE status = 'pending')
         + (SELECT count(*) FROM outbox_events WHERE status = 'failed')
         + (SELECT count(*) FROM outbox_events WHERE status = 'processing' AND lease_until < now())
$$;

REVOKE ALL ON FUNCTION outbox_next_due_tenant(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_rescue_expired(integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_stuck_total() FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_next_due_tenant(text) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_rescue_expired(integer) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_stuck_total() TO %I', '${app_role}');
END
$$;
