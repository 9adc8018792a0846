-- The start chain says where it is: the delivery attempt of the start request that last tried,
-- its budget and the error that attempt got ("retrying, attempt 2 of 5: Temporal unreachable").
-- Cleared once the execution is recorded.
ALTER TABLE workflow_runs
    ADD COLUMN start_attempt      int,
    ADD COLUMN start_max_attempts int,
    ADD COLUMN start_error        text,
    ADD COLUMN start_error_at     timestamptz;
