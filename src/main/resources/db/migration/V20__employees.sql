-- HR employees per tenant. version is the optimistic-locking counter.
CREATE TABLE employees (
    id           uuid PRIMARY KEY,
    tenant_id    text NOT NULL REFERENCES tenants (id),
    display_name text NOT NULL,
    email        text NOT NULL,
    department   text NOT NULL,
    manager      text,
    start_date   date NOT NULL,
    status       text NOT NULL CHECK (status IN ('pre_hire', 'active', 'offboarded')),
    last_day     date,
    version      integer NOT NULL DEFAULT 0,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX employees_tenant_email_idx ON employees (tenant_id, lower(email));
-- keyset pagination of the list (ordered by name, then id)
CREATE INDEX employees_tenant_name_idx ON employees (tenant_id, lower(display_name), id);

ALTER TABLE employees ENABLE ROW LEVEL SECURITY;
ALTER TABLE employees FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON employees
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
