-- A tenant's provisioning settings as versioned documents, one per kind: 'targets' (the
-- directories, each bind secret sealed by platform.SecretStore) and 'entitlements' (what a grant
-- label means on a target). Each PUT replaces the document and bumps its version; the history
-- keeps every version (who, when) as the workflow definitions do.
CREATE TABLE provisioning_settings (
    tenant_id  text NOT NULL REFERENCES tenants (id),
    kind       text NOT NULL CHECK (kind IN ('targets', 'entitlements')),
    version    integer NOT NULL CHECK (version > 0),
    document   jsonb NOT NULL,
    updated_by text NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, kind, version)
);

ALTER TABLE provisioning_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE provisioning_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON provisioning_settings
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
