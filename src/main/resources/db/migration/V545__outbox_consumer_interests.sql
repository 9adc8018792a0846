-- The event types a selective consumer wants, per tenant (OutboxEventHandler.selective): the
-- publisher stores a selective consumer's row only where its tenant has a row here for the type
-- (or '*', every type the consumer handles), so a consumer interested in few tenants (webhooks:
-- those with an endpoint) costs the others nothing.
-- The consuming module keeps its rows in step with its own data, in the same transaction
-- (outbox.ConsumerInterests).
CREATE TABLE outbox_consumer_interests (
    tenant_id  text NOT NULL REFERENCES tenants (id),
    consumer   text NOT NULL,
    event_type text NOT NULL,
    PRIMARY KEY (tenant_id, consumer, event_type)
);

ALTER TABLE outbox_consumer_interests ENABLE ROW LEVEL SECURITY;
ALTER TABLE outbox_consumer_interests FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON outbox_consumer_interests
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));

-- The webhooks' interests so far: every type an enabled endpoint subscribes to.
ALTER TABLE webhook_endpoints NO FORCE ROW LEVEL SECURITY;
ALTER TABLE outbox_consumer_interests NO FORCE ROW LEVEL SECURITY;
INSERT INTO outbox_consumer_interests (tenant_id, consumer, event_type)
SELECT DISTINCT e.tenant_id, 'notifications.webhooks', t.type
FROM webhook_endpoints e CROSS JOIN LATERAL unnest(e.events) AS t(type)
WHERE e.status = 'enabled';
ALTER TABLE outbox_consumer_interests FORCE ROW LEVEL SECURITY;
ALTER TABLE webhook_endpoints FORCE ROW LEVEL SECURITY;
