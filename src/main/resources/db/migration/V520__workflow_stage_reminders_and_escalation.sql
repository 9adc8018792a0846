-- Reminder cadence and escalation per stage (issue 37): the definition's stage holds the policies as
-- the JSON the API takes ({"firstAfter","every","max"}, {"after","to","fallbackGroup","addApprover",
-- "warnBefore"}, durations ISO-8601), and a run's stage keeps a snapshot of them like its other columns.
ALTER TABLE workflow_definition_stages ADD COLUMN reminders jsonb, ADD COLUMN escalation jsonb;
ALTER TABLE workflow_stages ADD COLUMN reminders jsonb, ADD COLUMN escalation jsonb;

-- A stage round's progress through them, written by the reminders job under the stage's row lock:
-- how many reminders went out, when the assignees were warned, when and to whom it escalated and why
-- (or why nobody could be added), and when the job should look at the stage next (null: never again).
ALTER TABLE workflow_stages
    ADD COLUMN reminders_sent     int NOT NULL DEFAULT 0,
    ADD COLUMN escalation_warned_at timestamptz,
    ADD COLUMN escalated_at       timestamptz,
    ADD COLUMN escalated_to       text[] NOT NULL DEFAULT '{}',
    ADD COLUMN escalation_note    text,
    ADD COLUMN nudge_at           timestamptz;

-- what the stage had under the one-reminder rule: a reminder already published counts as the first
UPDATE workflow_stages SET reminders_sent = 1 WHERE reminder_published_at IS NOT NULL;
UPDATE workflow_stages SET nudge_at = activated_at + make_interval(hours => sla_hours)
WHERE status = 'active' AND sla_hours IS NOT NULL AND reminder_published_at IS NULL;

-- the jobs' cross-tenant question (R__workflow_job_scans.sql) and each tenant's due stages
CREATE INDEX workflow_stages_nudge_idx ON workflow_stages (nudge_at) WHERE status = 'active' AND nudge_at IS NOT NULL;
