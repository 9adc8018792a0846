-- The evidence of every transition of an access request: who moved it from which status to which,
-- at which step, for whom (a delegate acting for an approver), why. Append-only for the
-- application; one approval per person and request (a quorum counts people, not clicks).
CREATE TABLE access_decisions (
    tenant_id   text NOT NULL REFERENCES tenants (id),
    id          uuid NOT NULL,
    request_id  uuid NOT NULL,
    step        integer NOT NULL,
    decision    text NOT NULL CHECK (decision IN ('submit', 'approve', 'reject', 'cancel', 'expire', 'revoke')),
    actor       text NOT NULL,
    acting_for  text,
    reason      text,
    from_status text,
    to_status   text NOT NULL,
    decided_at  timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, request_id) REFERENCES access_requests (tenant_id, id)
);

CREATE INDEX access_decisions_request ON access_decisions (tenant_id, request_id, decided_at);
CREATE UNIQUE INDEX access_decisions_one_approval ON access_decisions (tenant_id, request_id, actor)
    WHERE decision = 'approve';

ALTER TABLE access_decisions ENABLE ROW LEVEL SECURITY;
ALTER TABLE access_decisions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON access_decisions
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
