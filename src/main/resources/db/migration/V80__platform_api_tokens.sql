-- API tokens: tenant-scoped service accounts for integrations. Only the SHA-256 of a token is
-- stored (tokens are 256 random bits, so a fast hash is enough); the token itself is shown once.
CREATE TABLE api_tokens (
    id           uuid PRIMARY KEY,
    tenant_id    text NOT NULL REFERENCES tenants (id),
    name         text NOT NULL CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$'),
    roles        text[] NOT NULL CHECK (cardinality(roles) > 0 AND roles <@ ARRAY['HR', 'APPROVER', 'ADMIN']),
    token_hash   text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
    token_hint   text NOT NULL,
    created_by   text NOT NULL,
    created_at   timestamptz NOT NULL,
    expires_at   timestamptz NOT NULL CHECK (expires_at > created_at),
    revoked_at   timestamptz,
    revoked_by   text,
    last_used_at timestamptz
);
-- one active token per name and tenant (the name is the caller's identity in audits and actions)
CREATE UNIQUE INDEX api_tokens_active_name_idx ON api_tokens (tenant_id, name) WHERE revoked_at IS NULL;
CREATE INDEX api_tokens_tenant_idx ON api_tokens (tenant_id, created_at DESC);

ALTER TABLE api_tokens ENABLE ROW LEVEL SECURITY;
ALTER TABLE api_tokens FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON api_tokens
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));

-- Authentication happens before the tenant is known: like auth_find_login, this SECURITY DEFINER
-- function is the one way to find a token across tenants. It records the use (last_used_at, at
-- most once per p_touch_after) of a token that is still valid at p_now.
CREATE POLICY owner_token_lookup ON api_tokens FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_token_use ON api_tokens FOR UPDATE TO CURRENT_USER USING (true) WITH CHECK (true);

CREATE FUNCTION auth_use_api_token(p_hash text, p_now timestamptz, p_touch_after interval)
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

REVOKE ALL ON FUNCTION auth_use_api_token(text, timestamptz, interval) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION auth_use_api_token(text, timestamptz, interval) TO %I', '${app_role}');
END
$$;

-- Audit actions of this round (token created / revoked, login throttled). The list of actions
-- becomes a format check, so modules of the platform add actions without touching this table.
ALTER TABLE platform_audit DROP CONSTRAINT IF EXISTS platform_audit_action_check;
ALTER TABLE platform_audit ADD CONSTRAINT platform_audit_action_format CHECK (action ~ '^[a-z][a-z_]{1,62}$');
