-- The daily digest: a notification whose recipient chose "digest" is recorded as 'digested' (waiting
-- for the digest) instead of sent; the digest job writes one 'daily_digest' notification per
-- recipient and day (its unique key) and, in the same transaction, marks the items it carries
-- (digest_id). link: the page the item points at, listed in the digest.
ALTER TABLE notifications DROP CONSTRAINT notifications_status_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_status_check
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'not_configured', 'skipped', 'digested'));
ALTER TABLE notifications ADD COLUMN link text;
ALTER TABLE notifications ADD COLUMN digest_id uuid;
CREATE INDEX notifications_digested_idx ON notifications (tenant_id, recipient, created_at) WHERE status = 'digested';
