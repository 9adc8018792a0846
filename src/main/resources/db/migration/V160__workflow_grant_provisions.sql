-- Receipts of the grant provisioning integration: one row per workflow.grant.recorded event (its
-- idempotency key) that the integration carried out, so a redelivered event is not provisioned twice.
CREATE TABLE workflow_grant_provisions (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    idempotency_key text NOT NULL,
    run_id          uuid NOT NULL REFERENCES workflow_runs (id),
    stage_id        uuid NOT NULL REFERENCES workflow_stages (id),
    name            text NOT NULL,
    status          text NOT NULL CHECK (status IN ('granted', 'compensated')),
    provisioned_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, idempotency_key)
);
CREATE INDEX workflow_grant_provisions_run_idx ON workflow_grant_provisions (run_id);

ALTER TABLE workflow_grant_provisions ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_grant_provisions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workflow_grant_provisions
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
