-- Why a stage ended the way it did when that is worth a reader's attention: a notify stage whose
-- group had nobody to notify completes (the run goes on) but says so instead of looking like it
-- informed someone.
ALTER TABLE workflow_stages ADD COLUMN notice text;
