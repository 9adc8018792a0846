-- The holding an approved request's grants belong to: its own id, or, for a renewal, the holding
-- of the request it renews. It stands for the run and the stage of the grants it publishes, so a
-- renewal is the same grant given again with a later end (provisioning moves its planned undo)
-- rather than a second grant. Null before approval (and for requests approved before it was kept:
-- their own id).
ALTER TABLE access_requests ADD COLUMN holding_id uuid;
