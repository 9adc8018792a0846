-- An active stage whose assignees can no longer decide (disabled, no longer approvers) is shown
-- blocked until someone can again; stranded_at tells it from a stage the workflow could not activate.
ALTER TABLE workflow_stages ADD COLUMN stranded_at timestamptz;
