-- The JML runs HR's events asked for, and whether each is still open: HR refuses a second run of
-- a definition for an employee while one is open. A row is written with the HR event that asks for
-- the run (trigger_key = that event's idempotency key) and closed by workflow.run.finished.
CREATE TABLE employee_runs (
    tenant_id    text NOT NULL REFERENCES tenants (id),
    trigger_key  text NOT NULL,
    employee_id  uuid NOT NULL REFERENCES employees (id),
    definition   text NOT NULL CHECK (definition IN ('joiner', 'mover', 'leaver')),
    -- null while the run is open
    outcome      text CHECK (outcome IN ('completed', 'rejected', 'withdrawn', 'start_failed', 'not_started')),
    run_id       uuid,
    reason       text,
    requested_at timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz,
    PRIMARY KEY (tenant_id, trigger_key)
);
-- at most one open run per employee and definition
CREATE UNIQUE INDEX employee_runs_open_idx ON employee_runs (tenant_id, employee_id, definition) WHERE outcome IS NULL;
CREATE INDEX employee_runs_employee_idx ON employee_runs (tenant_id, employee_id, requested_at DESC);

ALTER TABLE employee_runs ENABLE ROW LEVEL SECURITY;
ALTER TABLE employee_runs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON employee_runs
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
