-- The inbox lists a user's active stages oldest first: walking the tenant's active stages in that
-- order finds a page at once, where the GIN index on assignees would have to fetch and sort
-- every stage waiting on a busy approver (thousands in a large tenant) for each page.
CREATE INDEX workflow_stages_active_order_idx ON workflow_stages (tenant_id, activated_at, id) WHERE status = 'active';
