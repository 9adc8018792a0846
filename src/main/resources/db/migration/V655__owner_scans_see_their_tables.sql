-- Row-level security is forced on every tenant table, so it binds the owner too: a SECURITY DEFINER
-- scan (it runs as the owner) sees only the rows a policy for the owner lets it see. These tables had
-- none, so in production, where the owner is no superuser, their scans saw nothing: no import was
-- ever applied, no time trigger fired, no access expired, no webhook delivery was sent, and the
-- orphan sweep took every attachment for an orphan. (Tests ran Flyway as a superuser, which bypasses
-- row-level security, forced or not.) Read-only, for the owner only; the runtime role is unchanged.
CREATE POLICY owner_job_scan ON hr_imports FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_job_scan ON hr_triggers FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_job_scan ON access_requests FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_job_scan ON webhook_endpoints FOR SELECT TO CURRENT_USER USING (true);
CREATE POLICY owner_orphan_sweep ON platform_attachments FOR SELECT TO CURRENT_USER USING (true);
