-- An import's file is stored chunk by chunk, each chunk committed: while it is being read the
-- import is 'reading' (shown nowhere, applied never); a file that fails is removed, and one whose
-- reader died is removed by the tenant's next import. ('superseded' is the source sync's held
-- import that a newer pull replaced: kept here so the order these migrations merge in does not matter.)
ALTER TABLE hr_imports DROP CONSTRAINT hr_imports_status_check;
ALTER TABLE hr_imports ADD CONSTRAINT hr_imports_status_check
    CHECK (status IN ('reading', 'previewed', 'held', 'applying', 'applied', 'superseded'));
CREATE INDEX hr_imports_reading ON hr_imports (tenant_id, created_at) WHERE status = 'reading';
