-- Versioned definitions: a tenant admin's save makes a new version; workflow_definitions and
-- workflow_definition_stages stay the current version (what a new run snapshots) and
-- workflow_definition_versions keeps every version (history, diff, who and when). A run records
-- the version it started with; its stage snapshot never changes with later saves.
ALTER TABLE workflow_definitions ADD COLUMN version int NOT NULL DEFAULT 1 CHECK (version >= 1);

CREATE TABLE workflow_definition_versions (
    tenant_id      text NOT NULL,
    definition_key text NOT NULL,
    version        int  NOT NULL CHECK (version >= 1),
    title          text NOT NULL,
    -- [{"name","title","kind","assignee","requiredApprovals","grants","slaHours"}] in stage order
    stages         jsonb NOT NULL,
    saved_by       text NOT NULL,
    saved_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, definition_key, version),
    FOREIGN KEY (tenant_id, definition_key) REFERENCES workflow_definitions (tenant_id, key)
);

ALTER TABLE workflow_runs ADD COLUMN definition_version int;

-- Existing copies become version 1 and existing runs ran on it. Row-level security is forced on
-- these tables and the owner has no policy of its own, so lift the force for the backfill only.
ALTER TABLE workflow_definitions NO FORCE ROW LEVEL SECURITY;
ALTER TABLE workflow_definition_stages NO FORCE ROW LEVEL SECURITY;
ALTER TABLE workflow_runs NO FORCE ROW LEVEL SECURITY;

INSERT INTO workflow_definition_versions (tenant_id, definition_key, version, title, stages, saved_by, saved_at)
SELECT d.tenant_id, d.key, 1, d.title,
       coalesce((SELECT jsonb_agg(jsonb_build_object('name', s.name, 'title', s.title, 'kind', s.kind,
                        'assignee', s.assignee, 'requiredApprovals', s.required_approvals,
                        'grants', to_jsonb(s.grants), 'slaHours', s.sla_hours) ORDER BY s.position)
                 FROM workflow_definition_stages s
                 WHERE s.tenant_id = d.tenant_id AND s.definition_key = d.key), '[]'::jsonb),
       'template', d.copied_at
FROM workflow_definitions d;

UPDATE workflow_runs SET definition_version = 1;

ALTER TABLE workflow_definitions FORCE ROW LEVEL SECURITY;
ALTER TABLE workflow_definition_stages FORCE ROW LEVEL SECURITY;
ALTER TABLE workflow_runs FORCE ROW LEVEL SECURITY;

ALTER TABLE workflow_definition_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_definition_versions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workflow_definition_versions
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
