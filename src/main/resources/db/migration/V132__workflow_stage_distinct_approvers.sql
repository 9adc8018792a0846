-- Separation of duties between stages: a stage may name an earlier approval stage of the same
-- definition whose approvers must not approve it (distinct_from, null: no such rule). Kept on the
-- tenant's current stages, in every version's stages (jsonb key distinctFrom) and in each run's
-- stage snapshot, so a run keeps the rule of the version it started with.
ALTER TABLE workflow_definition_stages ADD COLUMN distinct_from text;
ALTER TABLE workflow_stages ADD COLUMN distinct_from text;
