-- Platform actions worth a trail (the bootstrap of the first tenant and its admin, ...): who,
-- when, what. Tenant-scoped like every table with tenant data.
CREATE TABLE platform_audit (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants (id),
    actor     text NOT NULL,
    action    text NOT NULL CHECK (action IN ('tenant_bootstrapped')),
    detail    jsonb NOT NULL DEFAULT '{}',
    acted_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX platform_audit_tenant_idx ON platform_audit (tenant_id, acted_at DESC);

ALTER TABLE platform_audit ENABLE ROW LEVEL SECURITY;
ALTER TABLE platform_audit FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON platform_audit
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
