-- Notifications: one row per (source event, recipient, kind), written by the notifications module
-- in the outbox handler's transaction and worked by its mail sender outside any transaction. The
-- unique key makes a redelivered event write nothing new. A claim is fenced by its token and
-- leased; an expired lease is rescued. The rendered mail is kept, so a retry sends what was decided.
CREATE TABLE notifications (
    id                uuid PRIMARY KEY,
    tenant_id         text NOT NULL REFERENCES tenants (id),
    -- newest first on the Mail page (keyset paging)
    position          bigint GENERATED ALWAYS AS IDENTITY,
    event_key         text NOT NULL,
    source_event_id   uuid NOT NULL,
    source_event_type text NOT NULL,
    kind              text NOT NULL,
    recipient         text NOT NULL,
    email             text,
    subject           text NOT NULL,
    body_text         text NOT NULL,
    body_html         text NOT NULL,
    status            text NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'not_configured', 'skipped')),
    attempts          integer NOT NULL DEFAULT 0,
    first_attempt_at  timestamptz,
    next_attempt_at   timestamptz,
    claim_token       uuid,
    lease_until       timestamptz,
    last_error        text,
    created_at        timestamptz NOT NULL,
    sent_at           timestamptz,
    UNIQUE (tenant_id, event_key, recipient, kind)
);
CREATE INDEX notifications_due_idx ON notifications (tenant_id, next_attempt_at) WHERE status = 'pending';
CREATE INDEX notifications_page_idx ON notifications (tenant_id, position DESC);
CREATE INDEX notifications_status_idx ON notifications (tenant_id, status, position DESC);

ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON notifications
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
-- the sender's cross-tenant question (R__notifications_dispatch.sql) runs as the owner
CREATE POLICY owner_dispatch ON notifications TO CURRENT_USER USING (true);
