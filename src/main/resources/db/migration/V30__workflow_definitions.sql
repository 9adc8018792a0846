-- JML definitions as data. Tenants are created after migrations (the demo seeder, an admin),
-- so rows keyed by the tenants that exist now would miss later ones. Instead the migration
-- seeds global templates (product data, no tenant data, hence no RLS; the runtime role may only
-- read them), and each tenant gets its own copy (RLS) the first time it needs a definition. The
-- copy is what a tenant may customise; runs snapshot their stages, so later edits never change
-- a running process.
CREATE TABLE workflow_definition_templates (
    key   text PRIMARY KEY,
    title text NOT NULL
);

CREATE TABLE workflow_definition_template_stages (
    definition_key     text NOT NULL REFERENCES workflow_definition_templates (key),
    position           int  NOT NULL CHECK (position >= 0),
    name               text NOT NULL,
    title              text NOT NULL,
    kind               text NOT NULL CHECK (kind IN ('approval', 'notify')),
    -- a group name, or 'employee_manager' (the employee's manager, else group 'managers')
    assignee           text NOT NULL,
    required_approvals int  NOT NULL DEFAULT 1 CHECK (required_approvals >= 1),
    grants             text[] NOT NULL DEFAULT '{}',
    sla_hours          int  CHECK (sla_hours > 0),
    PRIMARY KEY (definition_key, position),
    UNIQUE (definition_key, name)
);

DO $$
BEGIN
    EXECUTE format('REVOKE INSERT, UPDATE, DELETE ON workflow_definition_templates, workflow_definition_template_stages FROM %I', '${app_role}');
END
$$;

INSERT INTO workflow_definition_templates (key, title) VALUES
    ('joiner', 'Joiner'),
    ('mover', 'Mover'),
    ('leaver', 'Leaver');

INSERT INTO workflow_definition_template_stages
    (definition_key, position, name, title, kind, assignee, required_approvals, grants, sla_hours) VALUES
    ('joiner', 0, 'manager_approval',     'Manager approval',      'approval', 'employee_manager', 1, '{}',                  24),
    ('joiner', 1, 'it_access',            'IT access approval',    'approval', 'it',               1, '{accounts}',          24),
    ('joiner', 2, 'security_approval',    'Security approval',     'approval', 'security',         2, '{}',                  48),
    ('joiner', 3, 'notify_hr',            'Notify HR',             'notify',   'hr',               1, '{}',                  NULL),
    ('mover',  0, 'manager_approval',     'Manager approval',      'approval', 'employee_manager', 1, '{}',                  24),
    ('mover',  1, 'it_access_change',     'IT access change',      'approval', 'it',               1, '{department_access}', 24),
    ('mover',  2, 'notify_hr',            'Notify HR',             'notify',   'hr',               1, '{}',                  NULL),
    ('leaver', 0, 'manager_confirmation', 'Manager confirmation',  'approval', 'employee_manager', 1, '{}',                  24),
    ('leaver', 1, 'it_revoke_access',     'IT revoke access',      'approval', 'it',               1, '{access_revocation}', 24),
    ('leaver', 2, 'notify_hr',            'Notify HR',             'notify',   'hr',               1, '{}',                  NULL);

-- The tenant's copies.
CREATE TABLE workflow_definitions (
    tenant_id text NOT NULL REFERENCES tenants (id),
    key       text NOT NULL,
    title     text NOT NULL,
    copied_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, key)
);

CREATE TABLE workflow_definition_stages (
    tenant_id          text NOT NULL,
    definition_key     text NOT NULL,
    position           int  NOT NULL CHECK (position >= 0),
    name               text NOT NULL,
    title              text NOT NULL,
    kind               text NOT NULL CHECK (kind IN ('approval', 'notify')),
    assignee           text NOT NULL,
    required_approvals int  NOT NULL DEFAULT 1 CHECK (required_approvals >= 1),
    grants             text[] NOT NULL DEFAULT '{}',
    sla_hours          int  CHECK (sla_hours > 0),
    PRIMARY KEY (tenant_id, definition_key, position),
    FOREIGN KEY (tenant_id, definition_key) REFERENCES workflow_definitions (tenant_id, key)
);

ALTER TABLE workflow_definitions ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_definitions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workflow_definitions
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));

ALTER TABLE workflow_definition_stages ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_definition_stages FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workflow_definition_stages
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
