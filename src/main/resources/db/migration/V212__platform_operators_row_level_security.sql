-- platform_operators got a tenant_id in V90 but never row-level security (found by the RLS
-- inventory test). Sign-in asks whether a user is an operator before any tenant unit of work
-- exists, so reading stays cross-tenant (the table holds usernames and who granted them, no
-- tenant data); writing is bound to the tenant's own unit of work like every tenant table.
ALTER TABLE platform_operators ENABLE ROW LEVEL SECURITY;
ALTER TABLE platform_operators FORCE ROW LEVEL SECURITY;
CREATE POLICY operator_lookup ON platform_operators FOR SELECT USING (true);
CREATE POLICY tenant_isolation ON platform_operators
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
