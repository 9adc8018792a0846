-- The current definitions of these functions (the numbered migration that introduced them needed
-- them while it ran; a change is made here, never in a new numbered migration).

CREATE OR REPLACE FUNCTION hr_tenants_with_erasable_leavers(p_today date)
    RETURNS SETOF text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
    SELECT DISTINCT e.tenant_id FROM employees e JOIN tenants t ON t.id = e.tenant_id
    WHERE e.status = 'left' AND e.personal_data_erased_at IS NULL AND t.status = 'active'
      AND greatest(e.last_day, e.updated_at::date) + t.personal_data_retention_days <= p_today
$$;
