-- Every admin action on dead letters: who, when, what (one event or a filter) and how many.
CREATE TABLE outbox_admin_audit (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id  text NOT NULL,
    actor      text NOT NULL,
    action     text NOT NULL CHECK (action IN ('retry', 'discard', 'retry_all', 'discard_all')),
    event_id   uuid,
    filter     jsonb,
    affected   integer NOT NULL,
    acted_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_admin_audit_tenant_idx ON outbox_admin_audit (tenant_id, acted_at DESC);

ALTER TABLE outbox_admin_audit ENABLE ROW LEVEL SECURITY;
ALTER TABLE outbox_admin_audit FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON outbox_admin_audit
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
