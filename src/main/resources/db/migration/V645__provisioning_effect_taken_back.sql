-- An undo planned with its grant for the grant's end (an access package's expiry) is moved by a
-- renewal of the grant; once a compensation took the grant back (revoked, expired), taken_back_at
-- says so, and a renewal delivered late (the outbox promises no order) neither moves it nor gives
-- the grant again.
ALTER TABLE provisioning_effects ADD COLUMN taken_back_at timestamptz;
