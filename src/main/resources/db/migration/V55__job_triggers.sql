-- "Run now" requests: written by whichever node served the operator, claimed by one worker
-- instance that runs the job (FOR UPDATE SKIP LOCKED), which records what its runner did.
CREATE TABLE job_triggers (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    job          text NOT NULL,
    requested_by text NOT NULL,
    requested_at timestamptz NOT NULL,
    claimed_by   text,
    claimed_at   timestamptz,
    result       text CHECK (result IN ('started', 'queued', 'coalesced', 'not_running'))
);
CREATE INDEX job_triggers_open_idx ON job_triggers (job, id) WHERE claimed_at IS NULL;
CREATE INDEX job_triggers_requested_idx ON job_triggers (requested_at);
