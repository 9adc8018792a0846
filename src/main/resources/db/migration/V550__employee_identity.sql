-- The HR system's identity of an employee (its employee number: what an import, a sync or SCIM
-- matches a re-sent record by) and two attributes HR systems carry. All optional: a hire typed in
-- the console may have no number. A manager may now be referenced by employee number (see
-- docs/hr.md), so `manager` holds either an employee number or, as before, an approver's username.
ALTER TABLE employees ADD COLUMN employee_number text;
ALTER TABLE employees ADD COLUMN location text;
ALTER TABLE employees ADD COLUMN cost_centre text;

CREATE UNIQUE INDEX employees_tenant_number_idx ON employees (tenant_id, employee_number) WHERE employee_number IS NOT NULL;
