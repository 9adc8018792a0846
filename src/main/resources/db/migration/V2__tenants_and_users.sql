-- Tenants, users, roles and group memberships. Every table is tenant-scoped with RLS on
-- app.tenant_id, which the tenant unit of work sets with SET LOCAL.
CREATE TABLE tenants (
    id   text PRIMARY KEY,
    name text NOT NULL
);

CREATE TABLE app_users (
    username      text PRIMARY KEY,
    tenant_id     text NOT NULL REFERENCES tenants (id),
    display_name  text NOT NULL,
    password_hash text NOT NULL,
    enabled       boolean NOT NULL DEFAULT true,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX app_users_tenant_idx ON app_users (tenant_id);

CREATE TABLE app_user_roles (
    tenant_id text NOT NULL REFERENCES tenants (id),
    username  text NOT NULL REFERENCES app_users (username) ON DELETE CASCADE,
    role      text NOT NULL CHECK (role IN ('HR', 'APPROVER', 'ADMIN')),
    PRIMARY KEY (username, role)
);

CREATE TABLE app_group_members (
    tenant_id  text NOT NULL REFERENCES tenants (id),
    group_name text NOT NULL,
    username   text NOT NULL REFERENCES app_users (username) ON DELETE CASCADE,
    PRIMARY KEY (tenant_id, group_name, username)
);
CREATE INDEX app_group_members_user_idx ON app_group_members (username);

ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tenants
    USING (id = current_setting('app.tenant_id', true))
    WITH CHECK (id = current_setting('app.tenant_id', true));

ALTER TABLE app_users ENABLE ROW LEVEL SECURITY;
ALTER TABLE app_users FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_users
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));

ALTER TABLE app_user_roles ENABLE ROW LEVEL SECURITY;
ALTER TABLE app_user_roles FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_user_roles
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));

ALTER TABLE app_group_members ENABLE ROW LEVEL SECURITY;
ALTER TABLE app_group_members FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_group_members
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
