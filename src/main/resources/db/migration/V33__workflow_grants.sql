-- What approved stages gave, and its compensation (reject / withdraw undo it in reverse order).
CREATE TABLE workflow_grants (
    id                  uuid PRIMARY KEY,
    tenant_id           text NOT NULL REFERENCES tenants (id),
    run_id              uuid NOT NULL REFERENCES workflow_runs (id),
    stage_id            uuid NOT NULL REFERENCES workflow_stages (id),
    name                text NOT NULL,
    status              text NOT NULL DEFAULT 'granted' CHECK (status IN ('granted', 'compensated')),
    granted_at          timestamptz NOT NULL DEFAULT now(),
    compensated_at      timestamptz,
    compensation_reason text,
    -- 1 for the first grant undone, 2 for the next...: the recorded compensation order
    compensation_step   int,
    UNIQUE (stage_id, name)
);
CREATE INDEX workflow_grants_run_idx ON workflow_grants (run_id);

ALTER TABLE workflow_grants ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_grants FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workflow_grants
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
