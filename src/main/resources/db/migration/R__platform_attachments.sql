-- Which of the given object keys an attachment row names, in any tenant: the orphan sweep lists
-- the store's objects and deletes those no row names. The runtime role cannot see other tenants'
-- rows through row-level security; this answers only for the keys it is asked about.

CREATE OR REPLACE FUNCTION platform_attachment_keys_known(keys text[])
    RETURNS SETOF text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT object_key FROM platform_attachments WHERE object_key = ANY (keys)
$$;

REVOKE ALL ON FUNCTION platform_attachment_keys_known(text[]) FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION platform_attachment_keys_known(text[]) TO %I', '${app_role}');
END
$$;
