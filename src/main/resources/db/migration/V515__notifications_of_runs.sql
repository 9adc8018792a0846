-- The run and stage a notification is about (null for mail about no run): the run page lists what
-- a "Notify" stage sent, to whom and how it went.
ALTER TABLE notifications ADD COLUMN run_id uuid;
ALTER TABLE notifications ADD COLUMN stage_id uuid;
CREATE INDEX notifications_run_idx ON notifications (tenant_id, run_id) WHERE run_id IS NOT NULL;
