-- The evidence of every failed delivery attempt (a dead letter carries its history). Rows go
-- with their event (retention deletes cascade). redrive tells the attempt budgets apart after an
-- admin retried a dead letter.
CREATE TABLE outbox_attempts (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id     text NOT NULL,
    event_id      uuid NOT NULL REFERENCES outbox_events (id) ON DELETE CASCADE,
    redrive       integer NOT NULL,
    attempt       integer NOT NULL,
    outcome       text NOT NULL CHECK (outcome IN ('retried', 'dead_lettered')),
    error_class   text NOT NULL,
    error_message text,
    error_stack   text,
    duration_ms   bigint,
    worker_id     text,
    attempted_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_attempts_event_idx ON outbox_attempts (event_id, id);

ALTER TABLE outbox_attempts ENABLE ROW LEVEL SECURITY;
ALTER TABLE outbox_attempts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON outbox_attempts
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
