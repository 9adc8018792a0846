-- Tenant lifecycle (platform operators): the cross-tenant overview, the suspended tenants the
-- dispatcher and jobs skip, and the purge of a deleted tenant; SECURITY DEFINER, run as the owner.

-- The operators' list of every tenant, with how many users and employees each has. The runtime
-- role sees only the tenant of its unit of work; this SECURITY DEFINER function reads as the
-- owner, whose owner_* SELECT policies see every tenant's rows.
CREATE OR REPLACE FUNCTION platform_tenant_overview()
    RETURNS TABLE (id text, name text, status text, created_at timestamptz, suspended_at timestamptz,
                   suspended_by text, suspension_reason text, personal_data_retention_days integer,
                   users bigint, employees bigint)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT t.id, t.name, t.status, t.created_at, t.suspended_at, t.suspended_by, t.suspension_reason,
           t.personal_data_retention_days,
           (SELECT count(*) FROM app_users u WHERE u.tenant_id = t.id),
           (SELECT count(*) FROM employees e WHERE e.tenant_id = t.id)
    FROM tenants t
    ORDER BY t.id
$$;

-- The suspended tenants, which sign-ins, API tokens and background work skip.
CREATE OR REPLACE FUNCTION platform_suspended_tenants()
    RETURNS SETOF text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT t.id FROM tenants t WHERE t.status = 'suspended' ORDER BY t.id
$$;

-- Deletes every row of a suspended tenant: each table of this schema with a tenant_id column, in
-- whatever order its foreign keys allow (a table whose rows are still referenced is tried again
-- after the others), then the tenant itself. Runs as the owner, so the append-only audit tables
-- go too; row-level security still applies (FORCE), so the caller's unit of work must be the
-- tenant's own. Returns the number of rows deleted.
CREATE OR REPLACE FUNCTION platform_purge_tenant(p_tenant text)
    RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
DECLARE
    v_tables text[];
    v_left   text[];
    v_table  text;
    v_count  bigint;
    v_total  bigint := 0;
BEGIN
    IF current_setting('app.tenant_id', true) IS DISTINCT FROM p_tenant THEN
        RAISE EXCEPTION 'platform_purge_tenant(%) must run in that tenant''s unit of work', p_tenant;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = p_tenant AND t.status = 'suspended') THEN
        RAISE EXCEPTION 'tenant % is not suspended', p_tenant;
    END IF;
    SELECT array_agg(c.table_name::text ORDER BY c.table_name) INTO v_tables
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND c.column_name = 'tenant_id' AND t.table_type = 'BASE TABLE';
    LOOP
        v_left := '{}';
        FOREACH v_table IN ARRAY v_tables LOOP
            BEGIN
                EXECUTE format('DELETE FROM %I WHERE tenant_id = $1', v_table) USING p_tenant;
                GET DIAGNOSTICS v_count = ROW_COUNT;
                v_total := v_total + v_count;
            EXCEPTION WHEN foreign_key_violation THEN
                v_left := v_left || v_table;
            END;
        END LOOP;
        EXIT WHEN cardinality(v_left) = 0;
        IF cardinality(v_left) = cardinality(v_tables) THEN
            RAISE EXCEPTION 'the rows of tenant % in % are referenced from outside the tenant', p_tenant, v_left;
        END IF;
        v_tables := v_left;
    END LOOP;
    DELETE FROM tenants t WHERE t.id = p_tenant;
    RETURN v_total + 1;
END
$$;

REVOKE ALL ON FUNCTION platform_tenant_overview() FROM PUBLIC;
REVOKE ALL ON FUNCTION platform_suspended_tenants() FROM PUBLIC;
REVOKE ALL ON FUNCTION platform_purge_tenant(text) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION platform_tenant_overview() TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION platform_suspended_tenants() TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION platform_purge_tenant(text) TO %I', '${app_role}');
END
$$;
