-- Every write of an employee's HR attributes, field by field, with where it came from: the history
-- the employee page and GET /v1/hr/employees/{id}/changes show. Written in the transaction of the
-- write; version is the employee's version after it (one row per version that a write made).
CREATE TABLE employee_changes (
    tenant_id   text NOT NULL REFERENCES tenants (id),
    employee_id uuid NOT NULL REFERENCES employees (id),
    version     integer NOT NULL,
    source      text NOT NULL CHECK (source IN ('console', 'api', 'import', 'sync', 'scim')),
    actor       text,
    -- {"field": {"from": ..., "to": ...}}
    changes     jsonb NOT NULL,
    at          timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, employee_id, version)
);

ALTER TABLE employee_changes ENABLE ROW LEVEL SECURITY;
ALTER TABLE employee_changes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON employee_changes
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
