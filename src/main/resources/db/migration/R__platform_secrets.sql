-- The current definitions of these functions (the numbered migration that introduced them needed
-- them while it ran; a change is made here, never in a new numbered migration).

CREATE OR REPLACE FUNCTION platform_secrets_stored()
    RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT EXISTS (SELECT 1 FROM platform_sso)
$$;
