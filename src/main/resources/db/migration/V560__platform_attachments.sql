-- Attachments' metadata (platform.Attachments): the bytes are in the object store under object_key
-- (random, never derived from the file name), written before this row; an object no row names is
-- an orphan the sweep job deletes. sha256 is checked on every download.
CREATE TABLE platform_attachments (
    id           uuid PRIMARY KEY,
    tenant_id    text NOT NULL REFERENCES tenants (id),
    owner_kind   text NOT NULL CHECK (owner_kind ~ '^[a-z][a-z0-9_]{0,39}$'),
    owner_id     text NOT NULL CHECK (length(owner_id) BETWEEN 1 AND 200),
    object_key   text NOT NULL UNIQUE,
    filename     text NOT NULL CHECK (length(filename) BETWEEN 1 AND 255),
    content_type text NOT NULL,
    size_bytes   bigint NOT NULL CHECK (size_bytes > 0),
    sha256       text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    uploaded_by  text NOT NULL,
    uploaded_at  timestamptz NOT NULL
);
CREATE INDEX platform_attachments_owner_idx ON platform_attachments (tenant_id, owner_kind, owner_id, uploaded_at);

ALTER TABLE platform_attachments ENABLE ROW LEVEL SECURITY;
ALTER TABLE platform_attachments FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON platform_attachments
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
