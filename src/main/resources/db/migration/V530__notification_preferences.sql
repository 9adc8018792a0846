-- A user's choice per notification kind: immediate, in the daily digest, or off. A kind without a
-- row is immediate (notifications.preferences.NotificationPreferences.DEFAULT): only the choices
-- users made are stored, so a kind added later needs no rows.
CREATE TABLE notification_preferences (
    tenant_id  text NOT NULL REFERENCES tenants (id),
    username   text NOT NULL,
    kind       text NOT NULL,
    choice     text NOT NULL CHECK (choice IN ('immediate', 'digest', 'off')),
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, username, kind)
);

ALTER TABLE notification_preferences ENABLE ROW LEVEL SECURITY;
ALTER TABLE notification_preferences FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON notification_preferences
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
