-- A tenant's access catalog as versioned documents (the packages people may request), saved by
-- its admin like the provisioning entitlements (V361): each PUT adds the next version, the
-- history keeps every version (who, when); requests name the version they were made under.
CREATE TABLE access_catalog (
    tenant_id  text NOT NULL REFERENCES tenants (id),
    version    integer NOT NULL CHECK (version > 0),
    document   jsonb NOT NULL,
    updated_by text NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, version)
);

ALTER TABLE access_catalog ENABLE ROW LEVEL SECURITY;
ALTER TABLE access_catalog FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON access_catalog
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
