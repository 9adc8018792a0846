-- The SHA-256 (hex) of the body of the source's last answer that became an import: a source that
-- sends neither ETag nor Last-Modified (or changes them without changing the file) answers the same
-- body again, which is then a run not_modified without an import. Forgotten with the validators
-- when the URL or the format changes.
ALTER TABLE hr_sources ADD COLUMN content_sha256 text;
