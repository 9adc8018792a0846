-- Which of a stage's assignees hold the assignment for someone else: {"delegate": "owner"}.
-- Written when an activation routes an away approver's assignment to their delegate, or when a
-- delegation set while a stage is open moves it; the inbox shows such items "for <owner>".
ALTER TABLE workflow_stages ADD COLUMN delegated_for jsonb NOT NULL DEFAULT '{}'::jsonb;
