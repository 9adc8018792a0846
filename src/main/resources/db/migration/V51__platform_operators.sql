-- Platform operators: users who may see and run the jobs that work across all tenants. Not
-- tenant data (usernames are unique across tenants), so no row-level security; the bootstrap
-- admin is the first one, JMLHUB_OPERATORS adds more by configuration.
CREATE TABLE platform_operators (
    username   text PRIMARY KEY REFERENCES app_users (username) ON DELETE CASCADE,
    granted_by text NOT NULL,
    granted_at timestamptz NOT NULL DEFAULT now()
);
