-- Out-of-office delegation: while an approver is away (starts_on..ends_on, both inclusive, UTC
-- dates) new assignments of theirs go to the delegate. One delegation per approver; setting a
-- new one replaces it. Both people are users of the tenant (a disabled or removed user's
-- delegation goes with them).
CREATE TABLE workflow_delegations (
    tenant_id  text NOT NULL REFERENCES tenants (id),
    owner      text NOT NULL,
    delegate   text NOT NULL,
    starts_on  date NOT NULL,
    ends_on    date NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, owner),
    FOREIGN KEY (tenant_id, owner) REFERENCES app_users (tenant_id, username) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, delegate) REFERENCES app_users (tenant_id, username) ON DELETE CASCADE,
    CHECK (owner <> delegate),
    CHECK (ends_on >= starts_on)
);
CREATE INDEX workflow_delegations_delegate_idx ON workflow_delegations (tenant_id, delegate);

ALTER TABLE workflow_delegations ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_delegations FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workflow_delegations
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
