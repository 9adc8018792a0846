-- Employee statuses now follow the outcomes of their runs (workflow.run.finished):
--   pre_hire      hired, the joiner run is not completed yet
--   pending_start the joiner run completed; the hr_activate_starters job makes the employee
--                 active on the start date
--   active        started
--   cancelled     the joiner run was rejected: the hire will not happen
--   leaving       offboarded as of last_day, the leaver run is open (HR may cancel the offboarding)
--   left          the leaver run completed: the offboarding is done
-- The former 'offboarded' becomes 'leaving' while its leaver run is open, 'left' otherwise.
ALTER TABLE employees DROP CONSTRAINT employees_status_check;

UPDATE employees e SET status = CASE WHEN EXISTS (
        SELECT 1 FROM employee_runs r
        WHERE r.tenant_id = e.tenant_id AND r.employee_id = e.id AND r.definition = 'leaver' AND r.outcome IS NULL)
    THEN 'leaving' ELSE 'left' END
WHERE status = 'offboarded';

ALTER TABLE employees ADD CONSTRAINT employees_status_check
    CHECK (status IN ('pre_hire', 'pending_start', 'active', 'cancelled', 'leaving', 'left'));

-- a pre-hire whose joiner already completed waits for its start date (the job activates it)
UPDATE employees e SET status = 'pending_start'
WHERE status = 'pre_hire' AND EXISTS (
    SELECT 1 FROM employee_runs r
    WHERE r.tenant_id = e.tenant_id AND r.employee_id = e.id AND r.definition = 'joiner' AND r.outcome = 'completed');

-- what a cancelled offboarding returns the employee to (the status before leaving)
ALTER TABLE employees ADD COLUMN status_before_leaving text
    CHECK (status_before_leaving IN ('pre_hire', 'pending_start', 'active'));
UPDATE employees SET status_before_leaving = 'active' WHERE status = 'leaving';

-- the activation job's per-tenant read: who is due to start
CREATE INDEX employees_pending_start_idx ON employees (tenant_id, start_date) WHERE status = 'pending_start';
