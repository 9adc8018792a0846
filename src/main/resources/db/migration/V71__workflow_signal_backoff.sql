-- Signal re-delivery without head-of-line blocking: each undelivered action waits for its own
-- next attempt (backoff on signal_attempts), and after the attempt cap it is undeliverable
-- (left for an admin; the run needs attention) instead of being picked up again. The job takes
-- the due actions oldest-due first, so actions that keep failing never hide a newer one.
ALTER TABLE workflow_actions
    ADD COLUMN next_signal_at   timestamptz,
    ADD COLUMN undeliverable_at timestamptz;

CREATE INDEX workflow_actions_signal_due_idx ON workflow_actions (tenant_id, (coalesce(next_signal_at, created_at)))
    WHERE signal_sent_at IS NULL AND outcome IS NULL AND undeliverable_at IS NULL;

DROP FUNCTION workflow_tenants_with_unsent_signals(timestamptz);

-- which tenants have a signal due: a new one older than p_created_before, or a retried one due at p_now
CREATE FUNCTION workflow_tenants_with_due_signals(p_now timestamptz, p_created_before timestamptz)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT tenant_id FROM workflow_actions
    WHERE signal_sent_at IS NULL AND outcome IS NULL AND undeliverable_at IS NULL
      AND ((next_signal_at IS NULL AND created_at < p_created_before) OR next_signal_at <= p_now)
$$;

REVOKE ALL ON FUNCTION workflow_tenants_with_due_signals(timestamptz, timestamptz) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION workflow_tenants_with_due_signals(timestamptz, timestamptz) TO %I', '${app_role}');
END
$$;
