-- The source sync's cross-tenant scan (hr_tenants_with_due_sources, SECURITY DEFINER) runs as the
-- owner, whom forced row-level security binds too: without this policy it saw no source in
-- production. Read-only, for the owner only (as V655 does for the other scans).
CREATE POLICY owner_job_scan ON hr_sources FOR SELECT TO CURRENT_USER USING (true);
