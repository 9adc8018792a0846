-- Access requests: a synchronous state machine in PostgreSQL (no orchestrator). Every transition
-- is one conditional UPDATE on (status, version), so two deciders of one step cannot both win.
-- The request keeps what it was made under (package name, grants, policy, manager), so a catalog
-- saved later changes no request in flight. step is the approval step waiting (1 or 2); approvals
-- counts the current step's approvals towards its quorum.
CREATE TABLE access_requests (
    tenant_id        text NOT NULL REFERENCES tenants (id),
    id               uuid NOT NULL,
    package_key      text NOT NULL,
    package_name     text NOT NULL,
    catalog_version  integer NOT NULL,
    grants           jsonb NOT NULL,
    beneficiary      text NOT NULL,
    employee_id      uuid NOT NULL,
    requested_by     text NOT NULL,
    justification    text,
    policy           text NOT NULL CHECK (policy IN ('manager', 'group', 'manager_then_group')),
    manager          text,
    approval_group   text,
    quorum           integer NOT NULL DEFAULT 1 CHECK (quorum BETWEEN 1 AND 10),
    max_days         integer NOT NULL CHECK (max_days > 0),
    status           text NOT NULL CHECK (status IN ('submitted', 'approved', 'rejected', 'cancelled', 'expired', 'revoked')),
    step             integer NOT NULL DEFAULT 1 CHECK (step IN (1, 2)),
    approvals        integer NOT NULL DEFAULT 0,
    requested_until  timestamptz,
    expires_at       timestamptz,
    exception_reason text,
    version          integer NOT NULL DEFAULT 1,
    submitted_at     timestamptz NOT NULL,
    decided_at       timestamptz,
    ended_at         timestamptz,
    PRIMARY KEY (tenant_id, id)
);

-- My access, a beneficiary's held packages (incompatibility, a leaver's revocation)
CREATE INDEX access_requests_beneficiary ON access_requests (tenant_id, beneficiary, status);
-- the expiry job's due approvals
CREATE INDEX access_requests_expiry ON access_requests (expires_at) WHERE status = 'approved';
-- the approvers' inbox
CREATE INDEX access_requests_waiting ON access_requests (tenant_id, submitted_at) WHERE status = 'submitted';

ALTER TABLE access_requests ENABLE ROW LEVEL SECURITY;
ALTER TABLE access_requests FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON access_requests
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
