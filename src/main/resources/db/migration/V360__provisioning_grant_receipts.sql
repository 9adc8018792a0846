-- The grant receipts move with the port from workflow to the provisioning module, which learns
-- everything from the workflow.grant.recorded events: no foreign keys into workflow's tables.
ALTER TABLE workflow_grant_provisions RENAME TO provisioning_grant_receipts;
ALTER TABLE provisioning_grant_receipts DROP CONSTRAINT workflow_grant_provisions_run_id_fkey;
ALTER TABLE provisioning_grant_receipts DROP CONSTRAINT workflow_grant_provisions_stage_id_fkey;
ALTER INDEX workflow_grant_provisions_run_idx RENAME TO provisioning_grant_receipts_run_idx;
