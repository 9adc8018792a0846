-- A second factor for local-password users: a TOTP secret (RFC 6238) per user, stored encrypted by
-- the application (secret_encrypted names its key: "<key id>:<ciphertext>"), confirmed once the
-- user typed a code from it; last_step is the last time step a code was accepted for, so a code
-- is never accepted twice. Recovery codes are stored as SHA-256 hashes (80 random bits each) and
-- used once. A tenant ADMIN may require the factor for ADMINs or for everyone.
CREATE TABLE app_user_totp (
    tenant_id        text NOT NULL,
    username         text NOT NULL,
    secret_encrypted text NOT NULL,
    confirmed_at     timestamptz,
    last_step        bigint,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, username),
    FOREIGN KEY (tenant_id, username) REFERENCES app_users (tenant_id, username) ON DELETE CASCADE
);

CREATE TABLE app_user_recovery_codes (
    tenant_id text NOT NULL,
    username  text NOT NULL,
    code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
    used_at   timestamptz,
    PRIMARY KEY (tenant_id, username, code_hash),
    FOREIGN KEY (tenant_id, username) REFERENCES app_users (tenant_id, username) ON DELETE CASCADE
);

CREATE TABLE tenant_second_factor_policy (
    tenant_id    text PRIMARY KEY REFERENCES tenants (id),
    required_for text NOT NULL CHECK (required_for IN ('nobody', 'admins', 'everyone')),
    changed_by   text NOT NULL,
    changed_at   timestamptz NOT NULL
);

ALTER TABLE app_user_totp ENABLE ROW LEVEL SECURITY;
ALTER TABLE app_user_totp FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_user_totp
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
CREATE POLICY owner_login_lookup ON app_user_totp FOR SELECT TO CURRENT_USER USING (true);

ALTER TABLE app_user_recovery_codes ENABLE ROW LEVEL SECURITY;
ALTER TABLE app_user_recovery_codes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_user_recovery_codes
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));

ALTER TABLE tenant_second_factor_policy ENABLE ROW LEVEL SECURITY;
ALTER TABLE tenant_second_factor_policy FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tenant_second_factor_policy
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
CREATE POLICY owner_login_lookup ON tenant_second_factor_policy FOR SELECT TO CURRENT_USER USING (true);
