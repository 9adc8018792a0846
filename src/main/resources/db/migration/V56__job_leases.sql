-- One instance at a time runs a job's round: the holder of the job's lease. A lease outlives
-- the job's timeout a little, so a crashed holder's lease expires and another instance takes over.
CREATE TABLE job_leases (
    job         text PRIMARY KEY,
    holder      text NOT NULL,
    acquired_at timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL
);
