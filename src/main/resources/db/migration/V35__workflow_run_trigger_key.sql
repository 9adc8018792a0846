-- The idempotency key of the HR event that asked for the run, so the run's outcome
-- (workflow.run.finished) tells HR which of its requests it answers. Null for runs created before.
ALTER TABLE workflow_runs ADD COLUMN source_event_key text;
