-- Several consumers per event type: the outbox stores one row per (event, consumer), the pattern
-- of Spring Modulith's event publication registry, so every consumer is delivered, retried,
-- dead-lettered and rescued on its own row. consumer is the handler's stable name (its module
-- unless the handler names itself). The rows stored so far had exactly one consumer per type:
-- the module whose handler consumed it.
ALTER TABLE outbox_events ADD COLUMN consumer text;

-- The owner bypasses row-level security only while it is not forced.
ALTER TABLE outbox_events NO FORCE ROW LEVEL SECURITY;
ALTER TABLE workflow_runs NO FORCE ROW LEVEL SECURITY;

UPDATE outbox_events SET consumer = CASE
    WHEN event_type IN ('workflow.run.finished', 'provisioning.access.revoked') THEN 'hr'
    WHEN event_type IN ('workflow.stage.activated', 'workflow.run.concluded') THEN 'notifications'
    WHEN event_type = 'workflow.grant.recorded' THEN 'provisioning'
    ELSE 'workflow' END;

-- workflow.run.concluded is gone: notifications consumes workflow.run.finished, which now carries
-- what it carried (employee name, requester, manager). Its rows become run.finished rows of
-- notifications, with the employee and the HR event key read from the run (their key stays, so
-- they cannot collide with the run's own run.finished rows).
UPDATE outbox_events e
SET event_type = 'workflow.run.finished',
    aggregate_id = r.employee_id,
    payload = e.payload || jsonb_build_object('employeeId', r.employee_id, 'triggerKey', r.source_event_key)
FROM workflow_runs r
WHERE e.event_type = 'workflow.run.concluded' AND r.tenant_id = e.tenant_id AND r.id = (e.payload->>'runId')::uuid;

ALTER TABLE workflow_runs FORCE ROW LEVEL SECURITY;
ALTER TABLE outbox_events FORCE ROW LEVEL SECURITY;

ALTER TABLE outbox_events ALTER COLUMN consumer SET NOT NULL;
ALTER TABLE outbox_events ADD CONSTRAINT outbox_events_consumer_check CHECK (btrim(consumer) <> '');

-- A replayed publish is a no-op per consumer.
DROP INDEX outbox_events_idempotency_idx;
CREATE UNIQUE INDEX outbox_events_idempotency_idx ON outbox_events (tenant_id, idempotency_key, event_type, consumer);
