-- The runs list pages newest first by (created_at, id). Filtered by status, that order needs the
-- id too, or every page with ties sorts; filtered to blocked stages, a partial index finds the
-- few blocked stages instead of scanning every stage of the tenant.
DROP INDEX workflow_runs_status_idx;
CREATE INDEX workflow_runs_status_list_idx ON workflow_runs (tenant_id, status, created_at DESC, id DESC);
CREATE INDEX workflow_stages_blocked_idx ON workflow_stages (tenant_id) WHERE status = 'blocked';
