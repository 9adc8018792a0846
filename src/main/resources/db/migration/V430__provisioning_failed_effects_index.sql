-- The admin's needs-attention page and its nav badge ask for the tenant's failed effects on every page view
CREATE INDEX provisioning_effects_failed_idx ON provisioning_effects (tenant_id, settled_at DESC)
    WHERE status = 'failed';
