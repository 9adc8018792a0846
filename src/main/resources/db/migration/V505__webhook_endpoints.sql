-- Webhook endpoints: where a tenant's admin wants catalog events delivered (Standard Webhooks),
-- with the signing secret sealed by the platform's secret store (never shown after creation).
-- failing_since is the first failure since the last success: an endpoint failing for longer than
-- WEBHOOKS_DISABLE_AFTER is disabled and its deliveries stop.
CREATE TABLE webhook_endpoints (
    id              uuid PRIMARY KEY,
    tenant_id       text NOT NULL REFERENCES tenants (id),
    url             text NOT NULL,
    events          text[] NOT NULL,
    secret_sealed   text NOT NULL,
    status          text NOT NULL CHECK (status IN ('enabled', 'disabled')),
    created_at      timestamptz NOT NULL,
    created_by      text NOT NULL,
    failing_since   timestamptz,
    disabled_at     timestamptz,
    disabled_reason text
);
CREATE INDEX webhook_endpoints_tenant_idx ON webhook_endpoints (tenant_id, created_at);

ALTER TABLE webhook_endpoints ENABLE ROW LEVEL SECURITY;
ALTER TABLE webhook_endpoints FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON webhook_endpoints
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
