-- Retention walks the old end of the primary key once per run instead of rescanning it per batch:
-- each call looks at the next p_limit ids after p_after (below p_max_id, the UUIDv7 floor of
-- p_before), deletes the finished ones among them and returns how many it deleted and the last id
-- it looked at, where the next call continues. Dead letters and pending events in that range are
-- passed over once instead of in every batch. Only rows to be deleted are locked (SKIP LOCKED).
CREATE FUNCTION outbox_purge_finished_after(p_before timestamptz, p_after uuid, p_max_id uuid, p_limit integer)
    RETURNS TABLE (deleted integer, last_id uuid)
    LANGUAGE sql SECURITY DEFINER SET search_path = public
AS $$
    WITH window_ids AS (
        SELECT id FROM outbox_events
        WHERE id > coalesce(p_after, '00000000-0000-0000-0000-000000000000'::uuid) AND id < p_max_id
        ORDER BY id
        LIMIT p_limit
    ), doomed AS (
        SELECT e.id FROM outbox_events e
        WHERE e.id IN (SELECT id FROM window_ids)
          AND e.status IN ('delivered', 'discarded')
          AND coalesce(e.delivered_at, e.discarded_at) < p_before
        FOR UPDATE SKIP LOCKED
    ), gone AS (
        DELETE FROM outbox_events e USING doomed WHERE e.id = doomed.id RETURNING 1
    )
    SELECT (SELECT count(*)::integer FROM gone), (SELECT id FROM window_ids ORDER BY id DESC LIMIT 1)
$$;

REVOKE ALL ON FUNCTION outbox_purge_finished_after(timestamptz, uuid, uuid, integer) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_purge_finished_after(timestamptz, uuid, uuid, integer) TO %I', '${app_role}');
END
$$;
