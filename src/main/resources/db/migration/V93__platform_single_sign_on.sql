-- Single sign-on (OIDC) per tenant: the tenant's issuer and client, which claims carry the email
-- and the groups, how group claim values map to roles and approver groups, and whether local
-- passwords still work. A user signed in through the issuer is linked by its subject.
CREATE TABLE platform_sso (
    tenant_id       text PRIMARY KEY REFERENCES tenants (id),
    issuer_uri      text NOT NULL,
    client_id       text NOT NULL,
    client_secret   text NOT NULL,
    email_claim     text NOT NULL DEFAULT 'email',
    groups_claim    text NOT NULL DEFAULT 'groups',
    local_passwords boolean NOT NULL DEFAULT true,
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE platform_sso_mappings (
    tenant_id   text NOT NULL REFERENCES platform_sso (tenant_id) ON DELETE CASCADE,
    claim_value text NOT NULL,
    role        text CHECK (role IN ('HR', 'APPROVER', 'ADMIN')),
    group_name  text,
    CHECK (role IS NOT NULL OR group_name IS NOT NULL)
);
CREATE INDEX platform_sso_mappings_tenant_idx ON platform_sso_mappings (tenant_id);

ALTER TABLE app_users ADD COLUMN sso_subject text;
CREATE UNIQUE INDEX app_users_sso_subject_idx ON app_users (tenant_id, sso_subject) WHERE sso_subject IS NOT NULL;

ALTER TABLE platform_sso ENABLE ROW LEVEL SECURITY;
ALTER TABLE platform_sso FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON platform_sso
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
CREATE POLICY owner_login_lookup ON platform_sso FOR SELECT TO CURRENT_USER USING (true);

ALTER TABLE platform_sso_mappings ENABLE ROW LEVEL SECURITY;
ALTER TABLE platform_sso_mappings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON platform_sso_mappings
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));

-- Password login happens before the tenant is known: whether the tenant still takes local
-- passwords is answered by this owner-run function (true without single sign-on).
CREATE FUNCTION auth_local_passwords(p_tenant text)
    RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT coalesce((SELECT s.local_passwords FROM platform_sso s WHERE s.tenant_id = p_tenant), true)
$$;

REVOKE ALL ON FUNCTION auth_local_passwords(text) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION auth_local_passwords(text) TO %I', '${app_role}');
END
$$;
