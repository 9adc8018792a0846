-- A bulk import of employees (a file uploaded, or a source sync's pull): previewed first (a dry run),
-- applied row by row by the hr_import_apply job. 'held' means it would offboard more than the
-- threshold and waits for an ADMIN's confirmation.
CREATE TABLE hr_imports (
    tenant_id     text NOT NULL REFERENCES tenants (id),
    id            uuid NOT NULL,
    status        text NOT NULL CHECK (status IN ('previewed', 'held', 'applying', 'applied')),
    source        text NOT NULL CHECK (source IN ('import', 'sync')),
    created_by    text,
    created_at    timestamptz NOT NULL,
    creates       integer NOT NULL DEFAULT 0,
    updates       integer NOT NULL DEFAULT 0,
    unchanged     integer NOT NULL DEFAULT 0,
    offboards     integer NOT NULL DEFAULT 0,
    rejects       integer NOT NULL DEFAULT 0,
    applied       integer NOT NULL DEFAULT 0,
    failed        integer NOT NULL DEFAULT 0,
    confirmed_by  text,
    confirmed_at  timestamptz,
    applied_at    timestamptz,
    PRIMARY KEY (tenant_id, id)
);

-- One row of an import's file: its classification, the values it carries, the field-by-field changes
-- against the employee as the preview saw it (expected_version), the reasons of a rejection and,
-- once applied, its outcome.
CREATE TABLE hr_import_rows (
    tenant_id         text NOT NULL,
    import_id         uuid NOT NULL,
    line              integer NOT NULL,
    kind              text NOT NULL CHECK (kind IN ('create', 'update', 'unchanged', 'offboard', 'reject')),
    employee_number   text,
    employee_id       uuid,
    expected_version  integer,
    -- {"field": "value"} as the file has it (non-blank cells only)
    data              jsonb NOT NULL,
    -- {"field": {"from": ..., "to": ...}}
    changes           jsonb NOT NULL DEFAULT '{}',
    errors            jsonb NOT NULL DEFAULT '[]',
    outcome           text CHECK (outcome IN ('applied', 'failed')),
    error             text,
    PRIMARY KEY (tenant_id, import_id, line),
    FOREIGN KEY (tenant_id, import_id) REFERENCES hr_imports (tenant_id, id) ON DELETE CASCADE
);

CREATE INDEX hr_import_rows_number ON hr_import_rows (tenant_id, import_id, employee_number);
CREATE INDEX hr_imports_applying ON hr_imports (tenant_id) WHERE status = 'applying';

ALTER TABLE hr_imports ENABLE ROW LEVEL SECURITY;
ALTER TABLE hr_imports FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON hr_imports
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));

ALTER TABLE hr_import_rows ENABLE ROW LEVEL SECURITY;
ALTER TABLE hr_import_rows FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON hr_import_rows
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
