-- The one-click unsubscribe address of a mail whose kind its recipient may turn off (RFC 8058),
-- sent as its List-Unsubscribe header; null for kinds that cannot be turned off.
ALTER TABLE notifications ADD COLUMN unsubscribe_url text;
