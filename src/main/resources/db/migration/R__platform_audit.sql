-- The audit trail's hash chain, retention and tenant census. V211 also creates the two chain
-- functions because its trigger needs them while it runs; their current text is here.

CREATE OR REPLACE FUNCTION platform_audit_hash(p_prev bytea, p_tenant text, p_seq bigint, p_actor text, p_action text,
                                    p_detail jsonb, p_acted_at timestamptz)
    RETURNS bytea LANGUAGE plpgsql STABLE SET search_path = public
AS $$
BEGIN
    -- PL/pgSQL, not SQL: a SQL function with a SET clause is parsed and planned on every call
    RETURN sha256(convert_to(concat_ws(chr(31), coalesce(encode(p_prev, 'hex'), ''), p_tenant, p_seq::text, p_actor,
                                       p_action, p_detail::text,
                                       (extract(epoch FROM p_acted_at) * 1000000)::bigint::text), 'UTF8'));
END
$$;

CREATE OR REPLACE FUNCTION platform_audit_chain()
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

-- The retention job's one way to remove entries (the runtime role cannot DELETE): the current
-- tenant's oldest entries acted before p_before, as a prefix of its chain (never past the first
-- younger entry, never the newest entry), at most p_limit of them. Returns how many it removed.
CREATE OR REPLACE FUNCTION platform_audit_purge(p_before timestamptz, p_limit integer)
    RETURNS integer LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
AS $$
    WITH bound AS (
        SELECT coalesce((SELECT min(a.seq) FROM platform_audit a
                         WHERE a.tenant_id = current_setting('app.tenant_id') AND a.acted_at >= p_before),
                        (SELECT max(a.seq) FROM platform_audit a WHERE a.tenant_id = current_setting('app.tenant_id'))) AS seq
    ), doomed AS (
        SELECT a.id FROM platform_audit a, bound
        WHERE a.tenant_id = current_setting('app.tenant_id') AND a.seq < bound.seq
        ORDER BY a.seq LIMIT p_limit
    ), gone AS (
        DELETE FROM platform_audit a USING doomed WHERE a.id = doomed.id RETURNING 1
    )
    SELECT count(*)::integer FROM gone
$$;

-- The audit jobs' cross-tenant question: which tenants exist (their entries are then read in
-- each tenant's own unit of work).
CREATE OR REPLACE FUNCTION platform_audit_tenants()
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT id FROM tenants ORDER BY id
$$;

REVOKE ALL ON FUNCTION platform_audit_purge(timestamptz, integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION platform_audit_tenants() FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION platform_audit_purge(timestamptz, integer) TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION platform_audit_tenants() TO %I', '${app_role}');
END
$$;
