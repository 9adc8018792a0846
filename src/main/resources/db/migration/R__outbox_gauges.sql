-- The outbox_backlog and outbox_stuck gauges, counted across tenants by the owner.

-- The outbox_backlog gauge: pending, failed and stuck claims over all tenants.
CREATE OR REPLACE FUNCTION outbox_backlog_total()
    RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT (SELECT count(*) FROM outbox_events WHERE status = 'pending')
         + (SELECT count(*) FROM outbox_events WHERE status = 'failed')
         + (SELECT count(*) FROM outbox_events WHERE status = 'processing' AND lease_until < now())
$$;

-- Claims whose lease has passed without a rescue yet (the outbox_stuck gauge): normally zero or
-- briefly a dead worker's in-flight events.
CREATE OR REPLACE FUNCTION outbox_stuck_total()
    RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT count(*) FROM outbox_events WHERE status = 'processing' AND lease_until < now()
$$;

REVOKE ALL ON FUNCTION outbox_backlog_total() FROM PUBLIC;
REVOKE ALL ON FUNCTION outbox_stuck_total() FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_backlog_total() TO %I', '${app_role}');
    EXECUTE format('GRANT EXECUTE ON FUNCTION outbox_stuck_total() TO %I', '${app_role}');
END
$$;
