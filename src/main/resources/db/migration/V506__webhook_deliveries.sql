-- Webhook deliveries: one row per (endpoint, message), written in the transaction of the event it
-- carries and worked by the webhook sender outside any transaction (platform.LeasedRowWorker):
-- claims fenced by a token and leased, retried with backoff. The payload is kept as sent, so a
-- retry or a redelivery sends the same bytes under the same webhook-id. The last attempt's
-- response code, duration and error are the endpoint page's delivery log.
CREATE TABLE webhook_deliveries (
    id               uuid PRIMARY KEY,
    tenant_id        text NOT NULL REFERENCES tenants (id),
    -- newest first on the endpoint's page
    position         bigint GENERATED ALWAYS AS IDENTITY,
    endpoint_id      uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    message_id       text NOT NULL,
    event_type       text NOT NULL,
    payload          text NOT NULL,
    status           text NOT NULL CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
    attempts         integer NOT NULL DEFAULT 0,
    first_attempt_at timestamptz,
    next_attempt_at  timestamptz,
    claim_token      uuid,
    lease_until      timestamptz,
    last_attempt_at  timestamptz,
    response_code    integer,
    duration_ms      bigint,
    last_error       text,
    created_at       timestamptz NOT NULL,
    delivered_at     timestamptz,
    UNIQUE (endpoint_id, message_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (tenant_id, next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, position DESC);

ALTER TABLE webhook_deliveries ENABLE ROW LEVEL SECURITY;
ALTER TABLE webhook_deliveries FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON webhook_deliveries
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
-- the sender's cross-tenant question (R__webhooks_dispatch.sql) runs as the owner
CREATE POLICY owner_dispatch ON webhook_deliveries TO CURRENT_USER USING (true);
