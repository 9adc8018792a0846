-- The outbox dispatcher skips suspended tenants (V250): their events stay pending, neither claimed
-- nor counted as due (so an idle dispatcher sleeps instead of backing off on them), and are
-- delivered once the tenant is resumed. One primary-key probe of tenants per due tenant; otherwise
-- the functions of V182, V183 and V60 unchanged (same signatures, results and grants). The owner
-- reads every tenant's row through its owner_login_lookup policy.
CREATE OR REPLACE FUNCTION outbox_claim_due(p_token uuid, p_worker text, p_lease interval, p_limit integer, p_group integer)
    RETURNS TABLE (id uuid, tenant_id text, event_type text, aggregate_id uuid, idempotency_key text,
                   payload_version integer, payload text, attempts integer, max_attempts integer,
                   age_seconds double precision, available_at timestamptz, created_at timestamptz)
    LANGUAGE sql SECURITY DEFINER SET search_path = public
AS $$
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
              e.available_at, e.created_at
$$;

CREATE OR REPLACE FUNCTION outbox_claim_tenants(p_token uuid, p_worker text, p_lease interval, p_tenants text[], p_group integer)
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
            FOR UPDATE SKIP LOCKED) p
        WHERE NOT EXISTS (SELECT 1 FROM tenants s WHERE s.id = t.tenant_id AND s.status = 'suspended')))
    RETURNING e.id, e.tenant_id, e.event_type, e.aggregate_id, e.idempotency_key, e.payload_version, e.payload::text,
              e.attempts, e.max_attempts, extract(epoch FROM clock_timestamp() - e.created_at)::float8,
              e.available_at, e.created_at
$$;

CREATE OR REPLACE FUNCTION outbox_seconds_until_due()
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
      AND NOT EXISTS (SELECT 1 FROM tenants s WHERE s.id = t.tenant_id AND s.status = 'suspended')
$$;
