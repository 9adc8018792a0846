-- Whether any tenant has stored a sealed secret (single sign-on client secrets, second-factor
-- secrets): a start without a key to open them is refused.

CREATE OR REPLACE FUNCTION platform_secrets_stored()
    RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT EXISTS (SELECT 1 FROM platform_sso) OR EXISTS (SELECT 1 FROM app_user_totp)
$$;

REVOKE ALL ON FUNCTION platform_secrets_stored() FROM PUBLIC;
DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION platform_secrets_stored() TO %I', '${app_role}');
END
$$;
