-- The tenant administration (users, groups, definitions) writes its changes to platform_audit:
-- who, when, what, and the before/after in detail. Actions are dotted lower-case names.
-- (V80 already turned the list into a format check without dots; this one allows them.)
ALTER TABLE platform_audit DROP CONSTRAINT IF EXISTS platform_audit_action_check;
ALTER TABLE platform_audit DROP CONSTRAINT IF EXISTS platform_audit_action_format;
ALTER TABLE platform_audit ADD CONSTRAINT platform_audit_action_format
    CHECK (action ~ '^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$');
