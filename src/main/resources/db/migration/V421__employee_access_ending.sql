-- A leaver is 'left' only once provisioning reports the revocation applied (provisioning.access.revoked):
--   access_ending  the leaver run completed; the directories take the access away at the end of
--                  the last day (or at once when it has passed), then the employee is left
-- access_revoked_at remembers a revocation reported while the leaver run was still open (the
-- outbox promises no order between the run's outcome and the revocation).
ALTER TABLE employees DROP CONSTRAINT employees_status_check;
ALTER TABLE employees ADD CONSTRAINT employees_status_check
    CHECK (status IN ('pre_hire', 'pending_start', 'active', 'cancelled', 'leaving', 'access_ending', 'left'));
ALTER TABLE employees ADD COLUMN access_revoked_at timestamptz;
