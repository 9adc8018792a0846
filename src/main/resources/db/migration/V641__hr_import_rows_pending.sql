-- The apply job reads an import's next chunk of rows still to apply, in file order: this index holds
-- exactly those rows, so a chunk late in a big import does not step over the rows applied before it.
CREATE INDEX hr_import_rows_pending ON hr_import_rows (tenant_id, import_id, line)
    WHERE outcome IS NULL AND kind IN ('create', 'update', 'offboard');
