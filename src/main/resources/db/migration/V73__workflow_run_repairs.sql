-- An ADMIN's repair of a run that needed attention: who asked, with which Idempotency-Key (a
-- replay answers the same repair), what the run needed attention for, where it went on and the
-- new execution, or why the repair failed. It is also the repair's audit row.
CREATE TABLE workflow_run_repairs (
    id              uuid PRIMARY KEY,
    tenant_id       text NOT NULL REFERENCES tenants (id),
    run_id          uuid NOT NULL REFERENCES workflow_runs (id),
    actor           text NOT NULL,
    idempotency_key text NOT NULL,
    attention       text,
    resumed_stage   text,
    outcome         text NOT NULL CHECK (outcome IN ('starting', 'started', 'failed')),
    error           text,
    execution_id    text,
    requested_at    timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz,
    UNIQUE (tenant_id, actor, idempotency_key)
);
CREATE INDEX workflow_run_repairs_run_idx ON workflow_run_repairs (tenant_id, run_id, requested_at DESC);

ALTER TABLE workflow_run_repairs ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_run_repairs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workflow_run_repairs
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));

-- a blocked stage says since when it is blocked (the first block of its round)
ALTER TABLE workflow_stages ADD COLUMN blocked_since timestamptz;
