-- The run projection every page and the API read (never Temporal). A run snapshots the
-- employee data of its source event and its definition's stages.
CREATE TABLE workflow_runs (
    id                 uuid PRIMARY KEY,
    tenant_id          text NOT NULL REFERENCES tenants (id),
    definition_key     text NOT NULL,
    definition_title   text NOT NULL,
    employee_id        uuid NOT NULL,
    employee_name      text NOT NULL,
    employee_email     text,
    department         text,
    manager            text,
    from_department    text,
    from_manager       text,
    -- joiner: start date; leaver: last day; mover: none
    effective_date     date,
    status             text NOT NULL DEFAULT 'requested'
        CHECK (status IN ('requested', 'start_failed', 'running', 'returned', 'completed', 'rejected', 'withdrawn')),
    status_reason      text,
    -- the HR event that asked for the run: a re-delivered event finds its run instead of making a second
    source_event_id    uuid NOT NULL,
    source_event_type  text NOT NULL,
    -- pre-hire: the start is requested from this moment on (null: at once)
    start_not_before   timestamptz,
    start_requested_at timestamptz,
    workflow_id        text,
    execution_id       text,
    started_at         timestamptz,
    current_stage_id   uuid,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    finished_at        timestamptz,
    UNIQUE (tenant_id, source_event_id)
);
CREATE INDEX workflow_runs_list_idx ON workflow_runs (tenant_id, created_at DESC, id DESC);
CREATE INDEX workflow_runs_status_idx ON workflow_runs (tenant_id, status, created_at DESC);
CREATE INDEX workflow_runs_employee_idx ON workflow_runs (tenant_id, employee_id);
CREATE INDEX workflow_runs_waiting_idx ON workflow_runs (start_not_before)
    WHERE status = 'requested' AND start_requested_at IS NULL;

CREATE TABLE workflow_stages (
    id                    uuid PRIMARY KEY,
    tenant_id             text NOT NULL REFERENCES tenants (id),
    run_id                uuid NOT NULL REFERENCES workflow_runs (id),
    position              int  NOT NULL,
    name                  text NOT NULL,
    title                 text NOT NULL,
    kind                  text NOT NULL CHECK (kind IN ('approval', 'notify')),
    assignee              text NOT NULL,
    required_approvals    int  NOT NULL CHECK (required_approvals >= 1),
    grants                text[] NOT NULL DEFAULT '{}',
    sla_hours             int,
    status                text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'blocked', 'active', 'returned', 'approved', 'completed', 'rejected', 'withdrawn')),
    -- bumped by every re-activation after a return; decisions count per round
    round                 int  NOT NULL DEFAULT 0,
    approvals             int  NOT NULL DEFAULT 0,
    assignees             text[] NOT NULL DEFAULT '{}',
    activated_at          timestamptz,
    decided_at            timestamptz,
    blocked_until         timestamptz,
    blocked_reason        text,
    reminder_published_at timestamptz,
    reminded_at           timestamptz,
    UNIQUE (run_id, position)
);
CREATE INDEX workflow_stages_active_idx ON workflow_stages (tenant_id, status) WHERE status = 'active';
CREATE INDEX workflow_stages_assignees_idx ON workflow_stages USING gin (assignees) WHERE status = 'active';

ALTER TABLE workflow_runs ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_runs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workflow_runs
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));

ALTER TABLE workflow_stages ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_stages FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workflow_stages
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
