-- What the decision page shows about a run's employee and origin, snapshotted from the HR event
-- like the rest of the employee data: the job title, and the HR user whose write asked for the run
-- (null for events that carried no user, such as those stored before this column).
ALTER TABLE workflow_runs ADD COLUMN employee_title text;
ALTER TABLE workflow_runs ADD COLUMN requested_by text;
-- The employee version the snapshot was last brought up to date from (HR's edits arrive in no
-- guaranteed order: an older edit must not overwrite a newer one).
ALTER TABLE workflow_runs ADD COLUMN employee_version int;
