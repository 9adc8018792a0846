-- Separation of duties: the HR user who asked for a run (requested_by, V101) never approves it,
-- unless its definition allows it explicitly. The flag is part of a definition version, and a
-- run snapshots it with its stages, so a later edit never changes who may approve a running run.
ALTER TABLE workflow_definitions ADD COLUMN requester_may_approve boolean NOT NULL DEFAULT false;
ALTER TABLE workflow_definition_versions ADD COLUMN requester_may_approve boolean NOT NULL DEFAULT false;
ALTER TABLE workflow_runs ADD COLUMN requester_may_approve boolean NOT NULL DEFAULT false;
