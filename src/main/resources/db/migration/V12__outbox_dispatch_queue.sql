-- One row per tenant with outbox work: dispatchers claim a due tenant, then a bounded batch of its
-- events, so one tenant's backlog cannot starve the others. due_at is null when the tenant is idle.
-- A claim sets due_at to the end of its lease, so a row whose holder died becomes due again by
-- itself. Every publish bumps publish_seq, which tells the releasing dispatcher that events
-- arrived during its claim that its own snapshot could not see. wake records whether the last
-- publish made an idle row due (and so must NOTIFY the dispatchers).
CREATE TABLE outbox_dispatch_queue (
    tenant_id   text PRIMARY KEY,
    due_at      timestamptz,
    claim_token uuid,
    claimed_by  text,
    generation  bigint NOT NULL DEFAULT 0,
    lease_until timestamptz,
    publish_seq bigint NOT NULL DEFAULT 0,
    wake        boolean NOT NULL DEFAULT true
);
CREATE INDEX outbox_dispatch_queue_due_idx ON outbox_dispatch_queue (due_at) WHERE due_at IS NOT NULL;

ALTER TABLE outbox_dispatch_queue ENABLE ROW LEVEL SECURITY;
ALTER TABLE outbox_dispatch_queue FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON outbox_dispatch_queue
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));

-- The publish side of the protocol, run by the publisher in the business transaction (so as the
-- runtime role, under RLS): upsert the tenant's row and, when that made an idle row due, NOTIFY
-- (delivered on commit). A claimed row is left alone apart from publish_seq: its holder sees the
-- bump when it releases the row and makes it due again. The row lock taken here serialises a
-- tenant's publishing transactions with the dispatcher's release, which is what makes the
-- publish_seq check sound. Only the first publish of a transaction touches the row.
CREATE FUNCTION outbox_enqueue_tenant(p_tenant text)
    RETURNS void
    LANGUAGE plpgsql
AS $$
DECLARE
    v_wake boolean;
BEGIN
    INSERT INTO outbox_dispatch_queue AS q (tenant_id, due_at) VALUES (p_tenant, now())
    ON CONFLICT (tenant_id) DO UPDATE
        SET publish_seq = q.publish_seq + 1,
            wake = q.claim_token IS NULL AND (q.due_at IS NULL OR q.due_at > now()),
            due_at = CASE WHEN q.claim_token IS NULL THEN least(coalesce(q.due_at, now()), now()) ELSE q.due_at END
        -- once per transaction is enough (the first publish holds the row lock until commit), and
        -- updating the row again and again in one transaction would lengthen its version chain
        WHERE q.xmin <> pg_current_xact_id()::xid
    RETURNING q.wake INTO v_wake;
    IF v_wake THEN
        PERFORM pg_notify('outbox_wake', '');
    END IF;
END
$$;
