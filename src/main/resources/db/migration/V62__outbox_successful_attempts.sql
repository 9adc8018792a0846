-- The attempt history also records the attempt that succeeded after earlier failures or a
-- re-drive, so a dead letter that was retried shows its whole story (a first-try delivery keeps
-- only delivered_at and claimed_by on the event: recording it would cost an insert per event).
ALTER TABLE outbox_attempts DROP CONSTRAINT outbox_attempts_outcome_check;
ALTER TABLE outbox_attempts ADD CONSTRAINT outbox_attempts_outcome_check
    CHECK (outcome IN ('retried', 'dead_lettered', 'succeeded'));
ALTER TABLE outbox_attempts ALTER COLUMN error_class DROP NOT NULL;
