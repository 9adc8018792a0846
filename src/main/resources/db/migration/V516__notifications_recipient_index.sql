-- The admin list's filter by recipient (GET /v1/admin/notifications?recipient=), newest first.
CREATE INDEX notifications_recipient_idx ON notifications (tenant_id, recipient, position DESC);
