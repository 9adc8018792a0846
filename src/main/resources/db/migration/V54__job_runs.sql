-- One row per job round that ran (a round another instance held the lease for is not a run):
-- when, where, how long, how it ended and its error. Pruned by JOBS_HISTORY_RETENTION.
CREATE TABLE job_runs (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    job         text NOT NULL,
    instance_id text NOT NULL,
    started_at  timestamptz NOT NULL,
    finished_at timestamptz,
    duration_ms bigint,
    outcome     text NOT NULL CHECK (outcome IN ('running', 'succeeded', 'failed', 'timed_out')),
    error       text
);
CREATE INDEX job_runs_job_idx ON job_runs (job, started_at DESC);
CREATE INDEX job_runs_started_idx ON job_runs (started_at);
