-- A tenant's HR triggers (its ADMIN's setting, one row, versioned): which employee changes and which
-- dates start a run. No row: every trigger off. Offsets are days (before a date for the joiner and
-- leaver, after the last day for the post-offboarding run); NULL: that time-based trigger is off.
CREATE TABLE hr_triggers (
    tenant_id                   text PRIMARY KEY REFERENCES tenants (id),
    mover_on_change             boolean NOT NULL DEFAULT false,
    leaver_on_last_day          boolean NOT NULL DEFAULT false,
    joiner_on_rehire            boolean NOT NULL DEFAULT false,
    joiner_days_before_start    integer CHECK (joiner_days_before_start BETWEEN -180 AND 180),
    leaver_days_before_last_day integer CHECK (leaver_days_before_last_day BETWEEN -180 AND 180),
    post_offboarding_days_after integer CHECK (post_offboarding_days_after BETWEEN -180 AND 180),
    version                     integer NOT NULL DEFAULT 1,
    updated_by                  text,
    updated_at                  timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE hr_triggers ENABLE ROW LEVEL SECURITY;
ALTER TABLE hr_triggers FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON hr_triggers
    USING (tenant_id = current_setting('app.tenant_id', true))
    WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
