-- A cancelled offboarding (hr.employee.offboarding_cancelled) names its leaver run by the key of
-- the HR event that asked for it: the withdraw looks the run up by that key.
CREATE INDEX workflow_runs_source_event_key_idx ON workflow_runs (tenant_id, source_event_key);
