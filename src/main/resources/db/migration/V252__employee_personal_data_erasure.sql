-- A left employee's name and email are erased once the tenant's retention period
-- (tenants.personal_data_retention_days, V250) has passed since they left: replaced in place, the
-- id kept, so runs, decisions and the audit trail still point at the same row. personal_data_erased_at
-- marks the rows done.
ALTER TABLE employees ADD COLUMN personal_data_erased_at timestamptz;

CREATE INDEX employees_left_unerased_idx ON employees (tenant_id) WHERE status = 'left' AND personal_data_erased_at IS NULL;
