-- Login happens before the tenant is known. This SECURITY DEFINER function is the one way
-- to find a user across tenants; it runs as the owner, whose own policies below allow reads.
-- The runtime role has no such policy, so a hand-written query still sees only its tenant.
CREATE POLICY owner_login_lookup ON tenants FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_login_lookup ON app_users FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_login_lookup ON app_user_roles FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_login_lookup ON app_group_members FOR SELECT TO CURRENT_USER USING (true);

CREATE FUNCTION auth_find_login(p_username text)
    RETURNS TABLE (username text, tenant_id text, tenant_name text, display_name text,
                   password_hash text, enabled boolean, roles text[], groups text[])
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT u.username, u.tenant_id, t.name, u.display_name, u.password_hash, u.enabled,
           coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM app_user_roles r WHERE r.username = u.username), '{}'),
           coalesce((SELECT array_agg(g.group_name ORDER BY g.group_name) FROM app_group_members g WHERE g.username = u.username), '{}')
    FROM app_users u JOIN tenants t ON t.id = u.tenant_id
    WHERE u.username = p_username
$$;

REVOKE ALL ON FUNCTION auth_find_login(text) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION auth_find_login(text) TO %I', '${app_role}');
END
$$;
