-- Why a run needs attention, as a closed set an ADMIN repairs in bulk by (the reason stays the
-- sentence people read): lost (its execution is gone), closed (its execution ended while the run
-- is live), undeliverable (a decision found no workflow); NULL for any other cause (and for runs
-- flagged before this column).
ALTER TABLE workflow_runs ADD COLUMN attention_cause text
    CHECK (attention_cause IN ('lost', 'closed', 'undeliverable'));
CREATE INDEX workflow_runs_attention_cause_idx ON workflow_runs (tenant_id, attention_cause, attention_since)
    WHERE status = 'needs_attention';
