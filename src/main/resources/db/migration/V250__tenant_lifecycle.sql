-- Platform operators run tenants without SQL: create, suspend, resume, export, delete. A suspended
-- tenant keeps its data but nobody of it signs in and its background work waits; it may be deleted
-- once it has been suspended for the grace period (configuration, checked by the application).
-- personal_data_retention_days: how long a left employee's name and email are kept (the erasure job).
ALTER TABLE tenants
    ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
    ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN suspended_at timestamptz,
    ADD COLUMN suspended_by text,
    ADD COLUMN suspension_reason text,
    ADD COLUMN personal_data_retention_days integer NOT NULL DEFAULT 730
        CHECK (personal_data_retention_days BETWEEN 1 AND 36500),
    ADD CONSTRAINT tenants_suspended_has_a_time CHECK ((status = 'suspended') = (suspended_at IS NOT NULL));
