-- The tenant's last reconciliation round, for the Needs-attention page ("Checked 10,000 live runs at
-- 14:02, 3 lost"): when it ran, how many live runs it checked, how many it flagged (execution lost
-- or closed), how many it could not ask Temporal about, and whether it reached the end of the due runs.
CREATE TABLE workflow_reconcile_rounds (
    tenant_id   text PRIMARY KEY REFERENCES tenants (id),
    started_at  timestamptz NOT NULL,
    finished_at timestamptz NOT NULL,
    checked     integer NOT NULL,
    flagged     integer NOT NULL,
    unreachable integer NOT NULL,
    complete    boolean NOT NULL
);

ALTER TABLE workflow_reconcile_rounds ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_reconcile_rounds FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workflow_reconcile_rounds
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
