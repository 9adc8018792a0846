-- A tenant's HR source (its ADMIN's setting, one row, versioned): a URL the hr_source_sync job pulls
-- on the tenant's cadence. The cadence and the cursor live here, never in the job runner: the pull is
-- due at next_due_at; etag and last_modified are the last answer's validators, sent back as
-- If-None-Match / If-Modified-Since; failures counts the pulls failed in a row (the backoff).
-- secret is the bearer token or the basic password, sealed by the platform's SecretStore.
CREATE TABLE hr_sources (
    tenant_id         text PRIMARY KEY REFERENCES tenants (id),
    url               text NOT NULL,
    format            text NOT NULL CHECK (format IN ('csv', 'jsonl')),
    auth              text NOT NULL CHECK (auth IN ('none', 'bearer', 'basic')),
    username          text,
    secret            text,
    every_minutes     integer NOT NULL CHECK (every_minutes BETWEEN 5 AND 10080),
    offboard_missing  boolean NOT NULL,
    enabled           boolean NOT NULL,
    version           integer NOT NULL DEFAULT 1,
    updated_by        text,
    updated_at        timestamptz NOT NULL DEFAULT now(),
    next_due_at       timestamptz,
    etag              text,
    last_modified     text,
    failures          integer NOT NULL DEFAULT 0,
    CHECK ((auth = 'none') = (secret IS NULL)),
    CHECK ((auth = 'basic') = (username IS NOT NULL))
);

CREATE INDEX hr_sources_due ON hr_sources (next_due_at) WHERE enabled;

-- One pull of a tenant's source: not_modified (304), imported (the answer became the import of
-- import_id, applying), held (that import waits for an ADMIN: it would offboard too many) or failed
-- (error says why). The counts are the import's.
CREATE TABLE hr_source_runs (
    tenant_id    text NOT NULL REFERENCES tenants (id),
    id           uuid NOT NULL,
    started_at   timestamptz NOT NULL,
    finished_at  timestamptz NOT NULL,
    outcome      text NOT NULL CHECK (outcome IN ('not_modified', 'imported', 'held', 'failed')),
    http_status  integer,
    import_id    uuid,
    error        text,
    PRIMARY KEY (tenant_id, id)
);

CREATE INDEX hr_source_runs_recent ON hr_source_runs (tenant_id, started_at DESC);

ALTER TABLE hr_sources ENABLE ROW LEVEL SECURITY;
ALTER TABLE hr_sources FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON hr_sources
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));

ALTER TABLE hr_source_runs ENABLE ROW LEVEL SECURITY;
ALTER TABLE hr_source_runs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON hr_source_runs
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
