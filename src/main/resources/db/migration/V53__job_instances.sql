-- Every worker instance that runs jobs, with its heartbeat and a snapshot of its runners, so
-- the jobs page and API of any node (an api node too) show every instance. Not tenant data:
-- jobs work across tenants and only platform operators see them, hence no row-level security.
CREATE TABLE job_instances (
    instance_id  text PRIMARY KEY,
    host         text NOT NULL,
    roles        text NOT NULL,
    started_at   timestamptz NOT NULL,
    heartbeat_at timestamptz NOT NULL,
    stopped_at   timestamptz,
    runners      jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX job_instances_heartbeat_idx ON job_instances (heartbeat_at);
