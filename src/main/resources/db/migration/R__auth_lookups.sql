-- Sign-in happens before the tenant is known: these SECURITY DEFINER functions are the one way to
-- find a user, a tenant's password policy or an API token across tenants; they run as the owner,
-- whose own policies allow the reads (V3, V80). A hand-written query of the runtime role still
-- sees only its tenant. PL/pgSQL keeps its statements' plans for the session, which a SQL function
-- with SET search_path (never inlined) does not before PostgreSQL 18: every API call signs in.

-- A login by name, with or without its tenant ("user@tenant" or a bare name, looked up in every
-- tenant through the index on app_users.username), with the user's roles and groups.
CREATE OR REPLACE FUNCTION auth_find_login(p_username text, p_tenant text)
    RETURNS TABLE (username text, tenant_id text, tenant_name text, display_name text,
                   password_hash text, enabled boolean, roles text[], groups text[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
AS $$
#variable_conflict use_column
BEGIN
    RETURN QUERY
        SELECT u.username, u.tenant_id, t.name, u.display_name, u.password_hash, u.enabled,
               coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM app_user_roles r
                         WHERE r.tenant_id = u.tenant_id AND r.username = u.username), '{}'),
               coalesce((SELECT array_agg(g.group_name ORDER BY g.group_name) FROM app_group_members g
                         WHERE g.tenant_id = u.tenant_id AND g.username = u.username), '{}')
        FROM app_users u JOIN tenants t ON t.id = u.tenant_id
        WHERE u.username = p_username AND (p_tenant IS NULL OR u.tenant_id = p_tenant)
        ORDER BY u.tenant_id;
END
$$;

-- Whether the tenant still takes local passwords (true without single sign-on).
CREATE OR REPLACE FUNCTION auth_local_passwords(p_tenant text)
    RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
AS $$
BEGIN
    RETURN coalesce((SELECT s.local_passwords FROM platform_sso s WHERE s.tenant_id = p_tenant), true);
END
$$;

-- Finds a token by its hash and records the use (last_used_at, at most once per p_touch_after) of
-- a token that is still valid at p_now.
CREATE OR REPLACE FUNCTION auth_use_api_token(p_hash text, p_now timestamptz, p_touch_after interval)
    RETURNS TABLE (id uuid, tenant_id text, tenant_name text, name text, roles text[],
                   expires_at timestamptz, revoked_at timestamptz)
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public
AS $$
#variable_conflict use_column
BEGIN
    UPDATE api_tokens t SET last_used_at = p_now
    WHERE t.token_hash = p_hash AND t.revoked_at IS NULL AND t.expires_at > p_now
      AND (t.last_used_at IS NULL OR t.last_used_at <= p_now - p_touch_after);
    RETURN QUERY
        SELECT t.id, t.tenant_id, n.name, t.name, t.roles, t.expires_at, t.revoked_at
        FROM api_tokens t JOIN tenants n ON n.id = t.tenant_id
        WHERE t.token_hash = p_hash;
END
$$;

REVOKE ALL ON FUNCTION auth_find_login(text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION auth_local_passwords(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION auth_use_api_token(text, timestamptz, interval) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION auth_find_login(text, text) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION auth_local_passwords(text) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION auth_use_api_token(text, timestamptz, interval) TO %I', '${app_role}');
END
$$;

-- Asked on every password sign-in, before any unit of work (like auth_local_passwords): 'enrolled'
-- (the user has a confirmed factor), 'required' (the tenant requires one of this user, who has
-- none yet) or 'none'. PL/pgSQL, so its plan is kept for the session (V184).
CREATE OR REPLACE FUNCTION auth_second_factor(p_tenant text, p_username text)
    RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
AS $$
DECLARE
    v_policy text;
BEGIN
    IF EXISTS (SELECT 1 FROM app_user_totp t
               WHERE t.tenant_id = p_tenant AND t.username = p_username AND t.confirmed_at IS NOT NULL) THEN
        RETURN 'enrolled';
    END IF;
    SELECT p.required_for INTO v_policy FROM tenant_second_factor_policy p WHERE p.tenant_id = p_tenant;
    IF v_policy = 'everyone' OR (v_policy = 'admins' AND EXISTS (
            SELECT 1 FROM app_user_roles r
            WHERE r.tenant_id = p_tenant AND r.username = p_username AND r.role = 'ADMIN')) THEN
        RETURN 'required';
    END IF;
    RETURN 'none';
END
$$;

REVOKE ALL ON FUNCTION auth_second_factor(text, text) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION auth_second_factor(text, text) TO %I', '${app_role}');
END
$$;
