-- The time-based triggers that fired: once per (employee, trigger, date), however often the job
-- runs or however many instances run it (the key makes a second insert a no-op).
CREATE TABLE hr_fired_triggers (
    tenant_id   text NOT NULL REFERENCES tenants (id),
    employee_id uuid NOT NULL REFERENCES employees (id),
    trigger     text NOT NULL,
    on_date     date NOT NULL,
    fired_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, employee_id, trigger, on_date)
);

ALTER TABLE hr_fired_triggers ENABLE ROW LEVEL SECURITY;
ALTER TABLE hr_fired_triggers FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON hr_fired_triggers
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
