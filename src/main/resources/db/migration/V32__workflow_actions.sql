-- Decision evidence: written in the API transaction, signalled to the workflow after commit.
-- signal_sent_at stays null until the signal was delivered; a job re-sends what was not.
-- outcome is what the workflow made of it (applied, or ignored with a reason).
CREATE TABLE workflow_actions (
    id                uuid PRIMARY KEY,
    tenant_id         text NOT NULL REFERENCES tenants (id),
    run_id            uuid NOT NULL REFERENCES workflow_runs (id),
    stage_id          uuid REFERENCES workflow_stages (id),
    round             int,
    actor             text NOT NULL,
    action            text NOT NULL CHECK (action IN ('approve', 'reject', 'return', 'withdraw', 'resubmit')),
    comment           text,
    idempotency_key   text NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    signal_sent_at    timestamptz,
    signal_attempts   int NOT NULL DEFAULT 0,
    last_signal_error text,
    outcome           text CHECK (outcome IN ('applied', 'ignored')),
    outcome_reason    text,
    settled_at        timestamptz,
    UNIQUE (tenant_id, actor, idempotency_key)
);
-- one decision per approver and stage round, even for concurrent requests with different keys
CREATE UNIQUE INDEX workflow_actions_one_decision_idx ON workflow_actions (stage_id, round, actor)
    WHERE action IN ('approve', 'reject', 'return');
CREATE INDEX workflow_actions_run_idx ON workflow_actions (run_id, created_at);
CREATE INDEX workflow_actions_unsent_idx ON workflow_actions (created_at)
    WHERE signal_sent_at IS NULL AND outcome IS NULL;

ALTER TABLE workflow_actions ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_actions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workflow_actions
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
