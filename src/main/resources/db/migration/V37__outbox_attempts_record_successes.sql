-- The attempt history also records successful attempts (duration, worker), so a re-driven dead
-- letter shows its whole story. A delivered attempt has no error.
ALTER TABLE outbox_attempts DROP CONSTRAINT outbox_attempts_outcome_check;
ALTER TABLE outbox_attempts ADD CONSTRAINT outbox_attempts_outcome_check
    CHECK (outcome IN ('delivered', 'retried', 'dead_lettered'));
ALTER TABLE outbox_attempts ALTER COLUMN error_class DROP NOT NULL;
ALTER TABLE outbox_attempts ADD CONSTRAINT outbox_attempts_error_class_check
    CHECK (outcome = 'delivered' OR error_class IS NOT NULL);
