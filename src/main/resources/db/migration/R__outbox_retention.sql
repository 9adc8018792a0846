-- Retention of delivered and discarded outbox events, across tenants.

-- Deletes up to p_limit delivered or discarded events finished before p_before, walking the primary
-- key forward from p_after (so rows it may not delete are scanned once per retention run, not once
-- per batch) up to p_max_id (the UUIDv7 of p_before). Returns how many went and where the scan
-- stopped (null when it reached p_max_id). Attempts go by ON DELETE CASCADE.
CREATE OR REPLACE FUNCTION outbox_purge_finished(p_before timestamptz, p_after uuid, p_max_id uuid, p_limit integer)
    RETURNS TABLE (deleted integer, scanned_to uuid)
    LANGUAGE sql SECURITY DEFINER SET search_path = public
AS $$
    WITH doomed AS (
        SELECT e.id FROM outbox_events e
        WHERE e.id > p_after AND e.id < p_max_id
          AND e.status IN ('delivered', 'discarded')
          AND coalesce(e.delivered_at, e.discarded_at) < p_before
        ORDER BY e.id
        LIMIT p_limit
        FOR UPDATE SKIP LOCKED
    ), gone AS (
        DELETE FROM outbox_events e WHERE e.id = ANY(ARRAY(SELECT doomed.id FROM doomed)) RETURNING e.id
    )
    SELECT count(*)::integer,
           CASE WHEN count(*) = p_limit THEN (SELECT g.id FROM gone g ORDER BY g.id DESC LIMIT 1) END
    FROM gone
$$;

REVOKE ALL ON FUNCTION outbox_purge_finished(timestamptz, uuid, uuid, integer) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_purge_finished(timestamptz, uuid, uuid, integer) TO %I', '${app_role}');
END
$$;
