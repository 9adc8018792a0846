-- A held import of a source sync that a newer pull of the same source replaced: it is never applied
-- (confirming it would apply an export the HR system has since corrected).
ALTER TABLE hr_imports DROP CONSTRAINT hr_imports_status_check;
ALTER TABLE hr_imports ADD CONSTRAINT hr_imports_status_check
    CHECK (status IN ('previewed', 'held', 'applying', 'applied', 'superseded'));
