-- One audit trail, append-only for the runtime role and tamper-evident: every row of a tenant
-- carries its position in the tenant's chain (seq), the hash of the row before it (prev_hash)
-- and its own hash over prev_hash and its content. A BEFORE INSERT trigger writes them in the
-- inserting transaction under a per-tenant advisory lock, so tenants never wait for each other
-- and any insert (whoever writes it) joins the chain. A row changed or removed behind the
-- application's back no longer matches its hash or its successor's prev_hash: the verifier
-- (platform.audit) reports the first such link. Retention removes a prefix of a chain only, so
-- what is left verifies from the oldest remaining row's stored prev_hash.
ALTER TABLE platform_audit ADD COLUMN seq bigint;
ALTER TABLE platform_audit ADD COLUMN prev_hash bytea;
ALTER TABLE platform_audit ADD COLUMN hash bytea;

-- The hash of a row: SHA-256 over the previous hash and the row's content, unit-separated;
-- acted_at in epoch microseconds (no time zone or locale in the text).
CREATE FUNCTION platform_audit_hash(p_prev bytea, p_tenant text, p_seq bigint, p_actor text, p_action text,
                                    p_detail jsonb, p_acted_at timestamptz)
    RETURNS bytea LANGUAGE sql STABLE SET search_path = public
AS $$
    SELECT sha256(convert_to(concat_ws(chr(31), coalesce(encode(p_prev, 'hex'), ''), p_tenant, p_seq::text, p_actor,
                                       p_action, p_detail::text,
                                       (extract(epoch FROM p_acted_at) * 1000000)::bigint::text), 'UTF8'))
$$;

-- The existing rows (the owner bypasses row-level security only while it is not forced).
ALTER TABLE platform_audit NO FORCE ROW LEVEL SECURITY;
ALTER TABLE outbox_admin_audit NO FORCE ROW LEVEL SECURITY;

DO $$
DECLARE
    r        record;
    v_tenant text;
    v_prev   bytea;
    v_seq    bigint;
BEGIN
    FOR r IN SELECT id, tenant_id, actor, action, detail, acted_at FROM platform_audit ORDER BY tenant_id, id LOOP
        IF v_tenant IS DISTINCT FROM r.tenant_id THEN
            v_tenant := r.tenant_id;
            v_prev := NULL;
            v_seq := 0;
        END IF;
        v_seq := v_seq + 1;
        UPDATE platform_audit
        SET seq = v_seq, prev_hash = v_prev,
            hash = platform_audit_hash(v_prev, r.tenant_id, v_seq, r.actor, r.action, r.detail, r.acted_at)
        WHERE id = r.id
        RETURNING hash INTO v_prev;
    END LOOP;
END
$$;

ALTER TABLE platform_audit ALTER COLUMN seq SET NOT NULL;
ALTER TABLE platform_audit ALTER COLUMN hash SET NOT NULL;
ALTER TABLE platform_audit ADD CONSTRAINT platform_audit_chain_position UNIQUE (tenant_id, seq);

CREATE FUNCTION platform_audit_chain()
    RETURNS trigger LANGUAGE plpgsql SET search_path = public
AS $$
DECLARE
    v_seq  bigint;
    v_hash bytea;
BEGIN
    -- per tenant: concurrent inserts of one tenant queue here until the holder commits, and the
    -- next one then reads the committed head (a fresh snapshot per statement, READ COMMITTED)
    PERFORM pg_advisory_xact_lock(hashtextextended('platform_audit:' || NEW.tenant_id, 0));
    SELECT a.seq, a.hash INTO v_seq, v_hash FROM platform_audit a
    WHERE a.tenant_id = NEW.tenant_id ORDER BY a.seq DESC LIMIT 1;
    NEW.seq := coalesce(v_seq, 0) + 1;
    NEW.prev_hash := v_hash;
    NEW.hash := platform_audit_hash(NEW.prev_hash, NEW.tenant_id, NEW.seq, NEW.actor, NEW.action, NEW.detail, NEW.acted_at);
    RETURN NEW;
END
$$;

CREATE TRIGGER platform_audit_chain BEFORE INSERT ON platform_audit
    FOR EACH ROW EXECUTE FUNCTION platform_audit_chain();

-- One trail: the dead-letter actions (V14) move into platform_audit and their table goes. Rows
-- of tenants that no longer exist cannot be kept (platform_audit references tenants).
INSERT INTO platform_audit (tenant_id, actor, action, detail, acted_at)
SELECT o.tenant_id, o.actor, 'dead_letter.' || o.action,
       jsonb_strip_nulls(jsonb_build_object('subject', o.event_id::text, 'eventId', o.event_id, 'filter', o.filter,
                                            'affected', o.affected)),
       o.acted_at
FROM outbox_admin_audit o
WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = o.tenant_id)
ORDER BY o.tenant_id, o.acted_at, o.id;

DROP TABLE outbox_admin_audit;

ALTER TABLE platform_audit FORCE ROW LEVEL SECURITY;

-- Append-only for the application: it may add and read entries, never change or remove them.
DO $$
BEGIN
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON platform_audit FROM %I', '${app_role}');
END
$$;

-- Retention per tenant (a tenant without a row keeps the configured default, 7 years).
CREATE TABLE platform_audit_retention (
    tenant_id text PRIMARY KEY REFERENCES tenants (id),
    keep_days integer NOT NULL CHECK (keep_days >= 1),
    set_by    text NOT NULL,
    set_at    timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE platform_audit_retention ENABLE ROW LEVEL SECURITY;
ALTER TABLE platform_audit_retention FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON platform_audit_retention
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
