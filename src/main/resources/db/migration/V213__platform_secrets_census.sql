-- Secrets at rest are sealed with a key from the environment (platform.SecretStore). A production
-- start without a key must refuse once any tenant stored a secret: this owner-run function answers
-- just that yes/no across tenants (the runtime role sees one tenant at a time).
CREATE POLICY owner_secret_census ON platform_sso FOR SELECT TO CURRENT_USER USING (true);
