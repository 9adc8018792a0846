-- Usernames are unique per tenant (two tenants may each have an "admin"), not across tenants.
-- Every table keyed by a user now keys it by (tenant_id, username). Groups become rows of their
-- own (app_groups), so an admin can create an empty group and rename one; memberships follow a
-- rename (ON UPDATE CASCADE). platform_operators names the operator's tenant too.
ALTER TABLE app_user_roles DROP CONSTRAINT app_user_roles_username_fkey;
ALTER TABLE app_group_members DROP CONSTRAINT app_group_members_username_fkey;
ALTER TABLE platform_operators DROP CONSTRAINT platform_operators_username_fkey;

ALTER TABLE app_users DROP CONSTRAINT app_users_pkey;
ALTER TABLE app_users ADD PRIMARY KEY (tenant_id, username);

ALTER TABLE app_user_roles DROP CONSTRAINT app_user_roles_pkey;
ALTER TABLE app_user_roles ADD PRIMARY KEY (tenant_id, username, role);
ALTER TABLE app_user_roles ADD CONSTRAINT app_user_roles_user_fkey
    FOREIGN KEY (tenant_id, username) REFERENCES app_users (tenant_id, username) ON DELETE CASCADE;

ALTER TABLE app_group_members ADD CONSTRAINT app_group_members_user_fkey
    FOREIGN KEY (tenant_id, username) REFERENCES app_users (tenant_id, username) ON DELETE CASCADE;
DROP INDEX app_group_members_user_idx;
CREATE INDEX app_group_members_user_idx ON app_group_members (tenant_id, username);

-- one work email per person inside a tenant; another tenant may know the same address
DROP INDEX app_users_email_idx;
CREATE UNIQUE INDEX app_users_email_idx ON app_users (tenant_id, lower(email));

-- the owner's V3 read policy lets this migration see every tenant's users
ALTER TABLE platform_operators ADD COLUMN tenant_id text;
UPDATE platform_operators o SET tenant_id = u.tenant_id FROM app_users u WHERE u.username = o.username;
DELETE FROM platform_operators WHERE tenant_id IS NULL;
ALTER TABLE platform_operators ALTER COLUMN tenant_id SET NOT NULL;
ALTER TABLE platform_operators DROP CONSTRAINT platform_operators_pkey;
ALTER TABLE platform_operators ADD PRIMARY KEY (tenant_id, username);
ALTER TABLE platform_operators ADD CONSTRAINT platform_operators_user_fkey
    FOREIGN KEY (tenant_id, username) REFERENCES app_users (tenant_id, username) ON DELETE CASCADE;

CREATE TABLE app_groups (
    tenant_id  text NOT NULL REFERENCES tenants (id),
    name       text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, name)
);

-- the existing groups, before row-level security applies to the new table
INSERT INTO app_groups (tenant_id, name)
SELECT DISTINCT tenant_id, group_name FROM app_group_members
ON CONFLICT DO NOTHING;

ALTER TABLE app_groups ENABLE ROW LEVEL SECURITY;
ALTER TABLE app_groups FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_groups
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
CREATE POLICY owner_login_lookup ON app_groups FOR SELECT TO CURRENT_USER USING (true);

ALTER TABLE app_group_members ADD CONSTRAINT app_group_members_group_fkey
    FOREIGN KEY (tenant_id, group_name) REFERENCES app_groups (tenant_id, name) ON UPDATE CASCADE ON DELETE CASCADE;

-- Login looks a user up by name, in one tenant (user@tenant, the organisation field) or in all
-- of them (a bare name, which must then be unambiguous): every matching row is returned.
DROP FUNCTION auth_find_login(text);
CREATE FUNCTION auth_find_login(p_username text, p_tenant text)
    RETURNS TABLE (username text, tenant_id text, tenant_name text, display_name text,
                   password_hash text, enabled boolean, roles text[], groups text[])
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT u.username, u.tenant_id, t.name, u.display_name, u.password_hash, u.enabled,
           coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM app_user_roles r
                     WHERE r.tenant_id = u.tenant_id AND r.username = u.username), '{}'),
           coalesce((SELECT array_agg(g.group_name ORDER BY g.group_name) FROM app_group_members g
                     WHERE g.tenant_id = u.tenant_id AND g.username = u.username), '{}')
    FROM app_users u JOIN tenants t ON t.id = u.tenant_id
    WHERE u.username = p_username AND (p_tenant IS NULL OR u.tenant_id = p_tenant)
    ORDER BY u.tenant_id
$$;

REVOKE ALL ON FUNCTION auth_find_login(text, text) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION auth_find_login(text, text) TO %I', '${app_role}');
END
$$;
