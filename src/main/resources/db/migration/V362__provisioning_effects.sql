-- Effects: one row per (grant change, target, operation), worked by the provisioning dispatcher
-- outside any transaction. position orders the effects of one (tenant, employee, target): an
-- effect is claimed only when no earlier one of them is unsettled. A claim is fenced by its token
-- and leased; an expired lease is rescued. The receipt is what the directory read back.
CREATE TABLE provisioning_effects (
    id              uuid PRIMARY KEY,
    tenant_id       text NOT NULL REFERENCES tenants (id),
    position        bigint GENERATED ALWAYS AS IDENTITY,
    change_key      text NOT NULL,
    run_id          uuid NOT NULL,
    stage_id        uuid NOT NULL,
    grant_label     text NOT NULL,
    employee_id     uuid NOT NULL,
    target_key      text NOT NULL,
    operation       text NOT NULL CHECK (operation IN ('ensure', 'undo')),
    status          text NOT NULL CHECK (status IN ('planned', 'scheduled', 'applying', 'applied', 'failed', 'undone', 'skipped')),
    -- the not-before time: nothing is attempted earlier
    scheduled_for   timestamptz NOT NULL,
    next_attempt_at timestamptz NOT NULL,
    attempts        integer NOT NULL DEFAULT 0,
    first_attempt_at timestamptz,
    claim_token     uuid,
    lease_until     timestamptz,
    last_error      text,
    -- what to apply: the employee and the entitlement as planned
    request         jsonb NOT NULL,
    receipt         jsonb,
    created_at      timestamptz NOT NULL,
    settled_at      timestamptz,
    UNIQUE (tenant_id, change_key, target_key, operation)
);
CREATE INDEX provisioning_effects_due_idx ON provisioning_effects (tenant_id, next_attempt_at)
    WHERE status IN ('planned', 'scheduled');
CREATE INDEX provisioning_effects_lane_idx ON provisioning_effects (tenant_id, employee_id, target_key, position);
CREATE INDEX provisioning_effects_run_idx ON provisioning_effects (tenant_id, run_id);

ALTER TABLE provisioning_effects ENABLE ROW LEVEL SECURITY;
ALTER TABLE provisioning_effects FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON provisioning_effects
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
-- the dispatcher's cross-tenant question (R__provisioning_dispatch.sql) runs as the owner
CREATE POLICY owner_dispatch ON provisioning_effects TO CURRENT_USER USING (true);
