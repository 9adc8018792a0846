-- Every HTTP Basic call looks its user up (auth_find_login, auth_local_passwords), cached password
-- or not. As SQL functions with SET search_path they cannot be inlined, and PostgreSQL before 18
-- plans a non-inlined SQL function's body again on every call: pg_stat_statements during the API
-- benchmark put auth_find_login at 0.64 ms a call against 0.07 ms for its query, and
-- auth_local_passwords at 0.18 ms against 0.01 ms. PL/pgSQL keeps its statements' plans for the
-- session. Same signatures, results and grants; the two RETURN QUERY branches keep each plan
-- simple (a generic plan of "p_tenant IS NULL OR tenant_id = p_tenant" could not use the key).
CREATE OR REPLACE FUNCTION auth_find_login(p_username text, p_tenant text)
    RETURNS TABLE (username text, tenant_id text, tenant_name text, display_name text,
                   password_hash text, enabled boolean, roles text[], groups text[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
AS $$
#variable_conflict use_column
BEGIN
    IF p_tenant IS NULL THEN
        RETURN QUERY
            SELECT u.username, u.tenant_id, t.name, u.display_name, u.password_hash, u.enabled,
                   coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM app_user_roles r
                             WHERE r.tenant_id = u.tenant_id AND r.username = u.username), '{}'),
                   coalesce((SELECT array_agg(g.group_name ORDER BY g.group_name) FROM app_group_members g
                             WHERE g.tenant_id = u.tenant_id AND g.username = u.username), '{}')
            FROM app_users u JOIN tenants t ON t.id = u.tenant_id
            WHERE u.username = p_username
            ORDER BY u.tenant_id;
    ELSE
        RETURN QUERY
            SELECT u.username, u.tenant_id, t.name, u.display_name, u.password_hash, u.enabled,
                   coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM app_user_roles r
                             WHERE r.tenant_id = u.tenant_id AND r.username = u.username), '{}'),
                   coalesce((SELECT array_agg(g.group_name ORDER BY g.group_name) FROM app_group_members g
                             WHERE g.tenant_id = u.tenant_id AND g.username = u.username), '{}')
            FROM app_users u JOIN tenants t ON t.id = u.tenant_id
            WHERE u.username = p_username AND u.tenant_id = p_tenant;
    END IF;
END
$$;

CREATE OR REPLACE FUNCTION auth_local_passwords(p_tenant text)
    RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
AS $$
BEGIN
    RETURN coalesce((SELECT s.local_passwords FROM platform_sso s WHERE s.tenant_id = p_tenant), true);
END
$$;
